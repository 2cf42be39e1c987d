/**
 * Turns a rendered first screen into the page: the built index.html with the screen in #root, the
 * machines' state beside it, the page's language and theme, and preload hints for everything the
 * screen still needs, so the browser fetches it all at once instead of one thing after another.
 */
import type { ManifestChunk } from '@contracts/page-renderer';
import { afterFirstPaintElementId, type AfterFirstPaintFetches } from '../after-first-paint';
import { clientThemeAttribute } from '@/lib/theme';
import { awaitsAppAttribute, firstScreenElementId, type FirstScreenState } from '../first-screen';

const escapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON that cannot end its `<script>` element early, whatever the strings in it say. */
export function serializeState(state: FirstScreenState | AfterFirstPaintFetches): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (character) => escapes[character] ?? character);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The manifest keys of a route's split chunks that render it (component and loader, not the error
 * component): a route id `/{-$client}/login` is the file `src/routes/{-$client}/login.tsx`, an
 * index route `…/` is `…/index.tsx`, a layout may be `…/route.tsx`.
 */
export function routeChunkKeys(manifest: Record<string, ManifestChunk>, routeIds: readonly string[]): string[] {
  const keys: string[] = [];
  for (const id of routeIds) {
    const files = id.endsWith('/') ? [`src/routes${id}index.tsx`] : [`src/routes${id}.tsx`, `src/routes${id}/route.tsx`];
    for (const key of Object.keys(manifest)) {
      const [file, query = ''] = key.split('?');
      if (!files.includes(file ?? '') || !query.startsWith('tsr-split=')) continue;
      const parts = query.slice('tsr-split='.length).split('---');
      if (parts.includes('component') || parts.includes('loader')) keys.push(key);
    }
  }
  return keys;
}

/** The JavaScript files these manifest entries load, with everything they import (each once). */
export function moduleFiles(manifest: Record<string, ManifestChunk>, keys: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/**
 * The `<link>` that starts the logo's fetch with the stylesheet's: the floor of the first paint
 * (nothing else is fetched before it, see `AfterFirstPaintFetches`).
 */
export function preloadLinks({ image }: { image?: string | null | undefined }): string {
  return image ? `<link rel="preload" href="${escapeAttribute(image)}" as="image">` : '';
}

/**
 * The client's theme (its colours, as /api/clients/{code}/theme.css serves them) inline in the
 * page's head, so the first paint wears them without another request; marked so the SPA replaces
 * it when it selects another client. Only with the answer's nonce (the CSP refuses any other
 * inline style), and only a stylesheet that cannot end its element.
 */
export function themeStyle({ css, nonce }: { css: string; nonce?: string | undefined }): string {
  if (!nonce || css.includes('<')) return '';
  return `<style ${clientThemeAttribute} nonce="${escapeAttribute(nonce)}">${css}</style>`;
}

/**
 * The screen with its forms, fields and buttons inert until the app has hydrated them (it lifts
 * them then): a form sent before would go natively, as a GET with its fields (a password) in the
 * address. React escapes every `<` in text and attributes, so only real tags match.
 */
export function controlsAwaitApp(html: string): string {
  return html.replace(/<(form|button|input|select|textarea)(?=[\s/>])/g, `<$1 inert ${awaitsAppAttribute}`);
}

export interface PageParts {
  language: string;
  bodyClass: string;
  head: string;
  appHtml: string;
  state: FirstScreenState;
  /** What the page fetches once the screen has painted, the app's entry module among it. */
  afterFirstPaint: AfterFirstPaintFetches;
  /** The module that waits for the first paint, from the site root: the page's script in place of the app's entry. */
  firstPaintScript: string;
}

/** The built index.html made into this page. */
export function fillTemplate(template: string, { language, bodyClass, head, appHtml, state, afterFirstPaint, firstPaintScript }: PageParts): string {
  const entryScript = ` src="${escapeAttribute(afterFirstPaint.entry)}"`;
  // Replacer functions: a `$` in the screen (an amount) must not be read as a replacement pattern.
  const replaced = template
    .replace(entryScript, () => ` src="${escapeAttribute(firstPaintScript)}"`)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(language)}"`)
    .replace(/<body class="[^"]*"/, () => `<body class="${escapeAttribute(bodyClass)}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" ${awaitsAppAttribute}>${controlsAwaitApp(appHtml)}</div><script type="application/json" id="${firstScreenElementId}">${serializeState(state)}</script>` +
        `<script type="application/json" id="${afterFirstPaintElementId}">${serializeState(afterFirstPaint)}</script>`,
    );
  if (!replaced.includes(`id="${firstScreenElementId}"`)) throw new Error('The page template has no <div id="root"></div>');
  // A page still pointing at the app's entry would load it before its first paint.
  if (!template.includes(entryScript)) throw new Error(`The page template has no script ${afterFirstPaint.entry}`);
  return replaced;
}
