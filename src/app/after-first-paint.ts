/**
 * What a server-rendered page fetches only once it has painted: the app's modules and the screen's
 * catalog. Requested with the stylesheet, they would share a phone's bandwidth with it and with
 * the logo, and hold the first paint back; listed in the page instead, they are all requested at
 * once, in parallel, the moment the screen is up. Kept tiny: the page's first-paint entry module
 * runs this before any of the app is loaded.
 */

/** The id of the element (JSON, not a script) that lists what the page fetches after its first paint. */
export const afterFirstPaintElementId = 'pbp-after-first-paint';

export interface AfterFirstPaintFetches {
  /** The app's entry module, from the site root (`/assets/index-x.js`). */
  entry: string;
  /**
   * What the entry imports (the libraries), in the order to run them: each is run in a task of its
   * own before the entry, so no one task holds a phone's main thread for all of them.
   */
  libraries: string[];
  /** Every other JavaScript file the screen runs, from the site root (`/assets/login-x.js`). */
  modules: string[];
  /** The translation catalog the screen speaks. */
  catalog: string;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Reads the page's list of after-paint fetches, or null when the page has none (the plain SPA). */
export function readAfterFirstPaintFetches(page: { getElementById(id: string): { textContent: string | null } | null }): AfterFirstPaintFetches | null {
  const text = page.getElementById(afterFirstPaintElementId)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    if (!('entry' in parsed) || !('libraries' in parsed) || !('modules' in parsed) || !('catalog' in parsed)) return null;
    const { entry, libraries, modules, catalog } = parsed;
    if (typeof entry !== 'string' || !isStringArray(libraries) || !isStringArray(modules) || typeof catalog !== 'string') return null;
    return { entry, libraries, modules, catalog };
  } catch {
    return null;
  }
}

/** Starts every fetch at once, as preloads the app's own imports and catalog fetch then reuse. */
export function startFetches(page: Document, { entry, libraries, modules, catalog }: AfterFirstPaintFetches): void {
  const link = (attributes: Record<string, string>) => {
    const element = page.createElement('link');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    // `crossorigin` as the module scripts and the catalog's fetch() use it, or the preloads are not reused.
    element.setAttribute('crossorigin', '');
    page.head.append(element);
  };
  link({ rel: 'preload', href: catalog, as: 'fetch', type: 'application/json' });
  for (const href of [entry, ...libraries, ...modules]) link({ rel: 'modulepreload', href });
}

/** Runs the libraries one task each, then the app's entry (which takes the page over). */
export async function startApp({ entry, libraries }: AfterFirstPaintFetches): Promise<void> {
  for (const library of libraries) {
    await import(/* @vite-ignore */ library);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await import(/* @vite-ignore */ entry);
}

/**
 * Resolves once the page's first contentful paint is on the screen (at once for a page in a
 * background tab, which does not paint until it is shown).
 */
export function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      // The task after the next frame's callbacks runs once that frame is drawn.
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A tab sent to the background before it painted would otherwise wait until it is shown again.
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}
