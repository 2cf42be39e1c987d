/**
 * What a server-rendered page fetches only once it has painted: the app's modules and the screen's
 * catalog. Requested with the stylesheet, they would share a phone's bandwidth with it and with
 * the logo, and hold the first paint back; listed in the page instead, they are all requested at
 * once, in parallel, the moment the screen is up. Kept tiny: the page's first-paint entry module
 * is this, and it counts against the landing page's JavaScript budget.
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

type LinkElement = Pick<HTMLLinkElement, 'crossOrigin' | 'href' | 'rel' | 'as'>;

/** What of the document the start needs (the page's `document`, or a stand-in in a test). */
export interface FirstPaintPage<Link extends LinkElement> {
  visibilityState: DocumentVisibilityState;
  getElementById(id: string): { textContent: string | null } | null;
  createElement(tag: 'link'): Link;
  head: { append(link: Link): void };
}

/**
 * Once the page's first contentful paint is on the screen (at once in a background tab, which
 * does not paint), starts every fetch the page lists as preloads that the app's own imports and
 * catalog fetch then reuse, and runs the libraries one task each, then the app's entry (which
 * takes the page over). The list is the server's, in the same response as this module, so it is
 * read as it is: a page without one (the plain SPA does not load this module) stays as it is.
 */
export function startAfterFirstPaint<Link extends LinkElement>(page: FirstPaintPage<Link>): void {
  const listed = page.getElementById(afterFirstPaintElementId)?.textContent;
  if (!listed) return;
  const { entry, libraries, modules, catalog } = JSON.parse(listed) as AfterFirstPaintFetches;
  const start = async () => {
    for (const href of [catalog, entry, ...libraries, ...modules]) {
      const link = page.createElement('link');
      // `crossOrigin` as the module scripts and the catalog's request use it, or the preloads are not reused.
      link.crossOrigin = '';
      link.href = href;
      if (href === catalog) {
        link.rel = 'preload';
        link.as = 'fetch';
      } else link.rel = 'modulepreload';
      page.head.append(link);
    }
    for (const href of [...libraries, entry]) {
      await import(/* @vite-ignore */ href);
      await new Promise((resolve) => setTimeout(resolve));
    }
  };
  if (page.visibilityState === 'hidden') {
    void start();
    return;
  }
  // Every browser the build targets reports the first contentful paint.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    void start();
  }).observe({ type: 'paint', buffered: true });
}
