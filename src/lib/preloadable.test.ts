import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable, preloadServerRendered } from './preloadable';

/** A page that shows the component inside its Suspense, rendered in one synchronous pass (no waiting for a module). */
const renderNow = (component: () => ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, component()));

describe('a preloadable component', () => {
  it('waits for its module like React.lazy until preloaded, then renders at once; a signed-in part is preloaded only for a signed-in page', async () => {
    const footer = preloadable(() => Promise.resolve(() => createElement('footer', null, 'Footer')), 'everyone');
    const menu = preloadable(() => Promise.resolve(() => createElement('nav', null, 'Signed-in menu')), 'signedIn');
    expect(renderNow(() => createElement(footer))).toContain('waiting');

    await preloadServerRendered({ signedIn: false });
    expect(renderNow(() => createElement(footer))).toContain('Footer');
    expect(renderNow(() => createElement(menu))).toContain('waiting');

    await preloadServerRendered({ signedIn: true });
    expect(renderNow(() => createElement(menu))).toContain('Signed-in menu');
  });
});
