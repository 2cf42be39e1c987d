import type { Snapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { afterFirstPaintElementId, type AfterFirstPaintFetches } from '../after-first-paint';
import type { FirstScreenState } from '../first-screen';
import { readFirstScreen } from '../first-screen';
import { controlsAwaitApp, fillTemplate, moduleFiles, preloadLinks, routeChunkKeys, serializeState, themeStyle } from './page-document';

const template =
  '<!doctype html><html lang="en-US"><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body class="theme-default"><div id="root"></div></body></html>';

const snapshot: Snapshot<unknown> = { status: 'active', output: undefined, error: undefined };
const withText = (text: string): Snapshot<unknown> => Object.assign({ ...snapshot }, { context: { name: text } });

function state(text: string): FirstScreenState {
  return {
    snapshots: { app: withText(text) },
    storage: { local: { clientLinks: '{"externalCCLink":""}' }, session: { activeAccountDisabled: null } },
    loaderData: { '/{-$client}/invoices': { status: 'ok', balance: 1250 } },
  };
}

const afterFirstPaint: AfterFirstPaintFetches = { entry: '/assets/index-1.js', libraries: ['/assets/vendor-1.js'], modules: ['/assets/login-1.js'], catalog: '/assets/locale/es-ES.json' };
/** The page's parts that do not change from one test to the next. */
const scripts = { afterFirstPaint, firstPaintScript: '/assets/first-paint-1.js' };

/** A stand-in for the browser's document over the page's HTML. */
function pageOf(html: string) {
  return {
    getElementById: (id: string) => {
      const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
      return match ? { textContent: match[1] ?? null } : null;
    },
  };
}

describe('the server-rendered page', () => {
  it('carries the screen, the language, the theme and the state the browser resumes from', () => {
    const html = fillTemplate(template, { language: 'es-ES', bodyClass: 'theme-sunrise', head: '<link rel="x">', appHtml: '<h1>Iniciar sesión</h1>', state: state('Sunrise'), ...scripts });
    expect(html).toContain('<html lang="es-ES">');
    expect(html).toContain('<body class="theme-sunrise">');
    expect(html).toContain('<link rel="x"></head>');
    expect(html).toContain('<div id="root" data-awaits-app><h1>Iniciar sesión</h1></div>');
    expect(readFirstScreen(pageOf(html))).toEqual(state('Sunrise'));
  });

  it('keeps forms, fields and buttons inert until the app runs, and leaves links and text live', () => {
    const screen =
      '<nav><a href="/SUN/about">About</a></nav><form class="form"><input type="email" name="email"/><input type="password"/>' +
      '<button type="submit">Sign in</button></form><select><option>English</option></select><textarea>&lt;button&gt;</textarea>' +
      '<p title="&lt;form">&lt;input is text</p><formatted-box></formatted-box>';
    expect(controlsAwaitApp(screen)).toBe(
      '<nav><a href="/SUN/about">About</a></nav><form inert data-awaits-app class="form"><input inert data-awaits-app type="email" name="email"/><input inert data-awaits-app type="password"/>' +
        '<button inert data-awaits-app type="submit">Sign in</button></form><select inert data-awaits-app><option>English</option></select><textarea inert data-awaits-app>&lt;button&gt;</textarea>' +
        '<p title="&lt;form">&lt;input is text</p><formatted-box></formatted-box>',
    );
    const html = fillTemplate(template, { language: 'en-US', bodyClass: '', head: '', appHtml: '<form><button>Go</button></form>', state: state(''), ...scripts });
    expect(html).toContain('<div id="root" data-awaits-app><form inert data-awaits-app><button inert data-awaits-app>Go</button></form></div>');
  });

  it('starts with the first-paint module and lists the app for it to fetch once the screen has painted', () => {
    const html = fillTemplate(template, { language: 'en-US', bodyClass: 'theme-default', head: '', appHtml: '', state: state(''), ...scripts });
    expect(html).toContain('<script type="module" crossorigin src="/assets/first-paint-1.js"></script>');
    expect(html).not.toContain('src="/assets/index-1.js"');
    expect(JSON.parse(pageOf(html).getElementById(afterFirstPaintElementId)?.textContent ?? '')).toEqual(afterFirstPaint);
  });

  it('refuses a template whose entry script is not the app’s, rather than a page that never starts', () => {
    const other = { ...scripts, afterFirstPaint: { ...afterFirstPaint, entry: '/assets/index-2.js' } };
    expect(() => fillTemplate(template, { language: 'en-US', bodyClass: '', head: '', appHtml: '', state: state(''), ...other })).toThrow(/index-2/);
  });

  it('keeps the state as data that no string in it can turn into markup or script', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const html = fillTemplate(template, { language: 'en-US', bodyClass: 'theme-default', head: '', appHtml: '', state: state(hostile), ...scripts });
    expect(serializeState(state(hostile))).not.toMatch(/[<>]/);
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(readFirstScreen(pageOf(html))?.snapshots.app).toEqual(withText(hostile));
  });

  it('takes a screen’s dollar amounts literally', () => {
    const html = fillTemplate(template, { language: 'en-US', bodyClass: 'theme-default', head: '', appHtml: "<p>$& $' $1</p>", state: state(''), ...scripts });
    expect(html).toContain("<p>$& $' $1</p>");
  });

  it('refuses a template without the root element rather than serving a blank page', () => {
    expect(() => fillTemplate('<html><body></body></html>', { language: 'en-US', bodyClass: '', head: '', appHtml: '', state: state(''), ...scripts })).toThrow(/root/);
  });

  it('reads no state from a page that has none or a broken one', () => {
    expect(readFirstScreen({ getElementById: () => null })).toBeNull();
    expect(readFirstScreen({ getElementById: () => ({ textContent: '{"snapshots":' }) })).toBeNull();
    expect(readFirstScreen({ getElementById: () => ({ textContent: '{"snapshots":{},"storage":{}}' }) })).toBeNull();
  });
});

describe('what the page preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    '_field.js': { file: 'assets/field-1.js', imports: ['_vendor.js'] },
    'src/routes/{-$client}/login.tsx?tsr-split=component': { file: 'assets/login-1.js', imports: ['_field.js', 'index.html'] },
    'src/routes/{-$client}/invoices.tsx?tsr-split=component---loader': { file: 'assets/invoices-1.js' },
    'src/routes/{-$client}/invoices.tsx?tsr-split=errorComponent': { file: 'assets/invoices-2.js' },
    'src/routes/{-$client}/index.tsx?tsr-split=component': { file: 'assets/landing-1.js' },
    'src/routes/{-$client}/payment/online/route.tsx?tsr-split=component': { file: 'assets/route-1.js' },
  };

  it('finds the chunks that render each matched route, not its error screen', () => {
    expect(routeChunkKeys(manifest, ['__root__', '/{-$client}', '/{-$client}/invoices'])).toEqual([
      'src/routes/{-$client}/invoices.tsx?tsr-split=component---loader',
    ]);
    expect(routeChunkKeys(manifest, ['/{-$client}/'])).toEqual(['src/routes/{-$client}/index.tsx?tsr-split=component']);
    expect(routeChunkKeys(manifest, ['/{-$client}/payment/online'])).toEqual(['src/routes/{-$client}/payment/online/route.tsx?tsr-split=component']);
  });

  it('lists each module with everything it imports, once', () => {
    expect(moduleFiles(manifest, ['src/routes/{-$client}/login.tsx?tsr-split=component', 'index.html'])).toEqual([
      'assets/login-1.js',
      'assets/field-1.js',
      'assets/vendor-1.js',
      'assets/index-1.js',
    ]);
  });

  it('preloads only the logo with the stylesheet, nothing when the screen shows none', () => {
    expect(preloadLinks({ image: '/logos/sun.svg' })).toBe('<link rel="preload" href="/logos/sun.svg" as="image">');
    expect(preloadLinks({ image: null })).toBe('');
  });
});

describe('the client’s theme in the page’s head', () => {
  const css = ':root{--brand:#9a3412;--brand-strong:#7c2d12;--brand-contrast:#ffffff;--brand-tint:#fff3e8}';

  it('is inline, under the answer’s nonce, marked for the SPA to replace', () => {
    expect(themeStyle({ css, nonce: 'bm9uY2U=' })).toBe(`<style data-client-theme nonce="bm9uY2U=">${css}</style>`);
  });

  it('is left out without a nonce (the CSP would refuse it) or when the stylesheet could end its element', () => {
    expect(themeStyle({ css })).toBe('');
    expect(themeStyle({ css: ':root{}</style><script>alert(1)</script>', nonce: 'bm9uY2U=' })).toBe('');
    expect(themeStyle({ css, nonce: '"><script>' })).toBe('<style data-client-theme nonce="&quot;>&lt;script>">' + css + '</style>');
  });
});
