/**
 * Between the server and the SPA's server build (`dist/server/entry-server.js`): the server loads
 * it at run time when it is there, and asks it for each page's first screen.
 */

/** One chunk of Vite's client manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  /** Chunks it loads with `import()`. */
  dynamicImports?: string[];
  css?: string[];
}

/** What the renderer needs once, when the server starts it. */
export interface PageRendererSetup {
  /** The built index.html, which every page is made from. */
  template: string;
  manifest: Record<string, ManifestChunk>;
  /** The compiled messages of each language: /assets/locale/{lang}.json and the console's office-{lang}.json together. */
  catalogs: Record<string, Record<string, unknown>>;
}

/** Answers an API request in the same process (the server's own app). */
export type InProcessFetch = (request: Request) => Promise<Response>;

/** A page's HTTP status: 404 for an address that matches no screen (the not-found screen). */
export type PageStatus = 200 | 404;

/**
 * What the renderer makes of a page request: the page; a redirect a guard asked for; or `spa`
 * when the first screen cannot be rendered here (the session check failed), and the plain SPA
 * page does what it does in the browser. Either page carries its status (200 when absent).
 */
export type PageResult =
  | { type: 'page'; html: string; status?: PageStatus }
  | { type: 'redirect'; location: string }
  | { type: 'spa'; status?: PageStatus };

/** What the server's answer lets a page carry: the nonce its Content-Security-Policy allows a `<style>` with. */
export interface PageAllowances {
  styleNonce?: string | undefined;
}

/** The renderer's module. */
export interface PageRendererModule {
  createPageRenderer(setup: PageRendererSetup): (request: Request, api: InProcessFetch, allowances?: PageAllowances) => Promise<PageResult>;
}
