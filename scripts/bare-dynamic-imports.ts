import type { Plugin } from 'vite';

/** Vite's module id for the helper that wraps every dynamic import of the client build. */
const preloadHelperId = '\0vite/preload-helper.js';

/**
 * Replaces Vite's preload helper with one that only runs the import. With `modulePreload: false`
 * and one stylesheet loaded by the entry, every dynamic import's list of dependencies is empty,
 * so the full helper (link-tag preloading, a `vite:preloadError` event nobody listens to) would
 * be about 600 bytes of the landing page's JavaScript that never does anything.
 */
export function bareDynamicImports(): Plugin {
  return {
    name: 'bare-dynamic-imports',
    enforce: 'pre',
    load(id) {
      if (id !== preloadHelperId) return null;
      return {
        code: 'export const __vitePreload = (load, deps) => { if (deps && deps.length) throw new Error("bare-dynamic-imports: a dynamic import has dependencies to preload"); return load(); };',
        moduleSideEffects: false,
      };
    },
  };
}
