import { describe, expect, it } from 'vitest';
import { readAfterFirstPaintFetches } from './after-first-paint';

const pageWith = (text: string | null) => ({ getElementById: () => (text === null ? null : { textContent: text }) });

describe('what a server-rendered page fetches after its first paint', () => {
  it('reads the app’s entry, its modules and the catalog from the page', () => {
    const listed = { entry: '/assets/index-1.js', libraries: ['/assets/vendor-1.js'], modules: ['/assets/login-1.js', '/assets/field-1.js'], catalog: '/assets/locale/en-US.json' };
    expect(readAfterFirstPaintFetches(pageWith(JSON.stringify(listed)))).toEqual(listed);
  });

  it('reads nothing from the plain SPA page or a broken list, so the page never imports a wrong module', () => {
    expect(readAfterFirstPaintFetches(pageWith(null))).toBeNull();
    expect(readAfterFirstPaintFetches(pageWith('{"entry":'))).toBeNull();
    expect(readAfterFirstPaintFetches(pageWith('{"entry":"/a.js","libraries":[],"modules":[1],"catalog":"/c.json"}'))).toBeNull();
    expect(readAfterFirstPaintFetches(pageWith('{"modules":[],"catalog":"/c.json"}'))).toBeNull();
  });
});
