import type { Plugin } from 'vite';

/** Vite's module id for the helper that wraps every dynamic import of the client build. */
const preloadHelperId = '\0vite/preload-helper.js';

/**
 * Replaces Vite's preload helper with one that only runs the import. With `modulePreload: false`
 * and one stylesheet loaded by the entry, every dynamic import's list of dependencies is empty,
 * so the full helper (link-tag preloading, a `vite:preloadError` event nobody listens to) would
 * be about 600 bytes of the landing page's JavaScript that never does anything. The build checks
 * that it stays so: a lazy chunk with a stylesheet of its own (which the helper would have to
 * load) fails the build rather than the page.
 */
export function bareDynamicImports(): Plugin {
  return {
    name: 'bare-dynamic-imports',
    enforce: 'pre',
    load(id) {
      if (id !== preloadHelperId) return null;
      return {
        code: 'export const __vitePreload = (load) => load();',
        moduleSideEffects: false,
      };
    },
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.isEntry) continue;
        const styles = output.viteMetadata?.importedCss;
        if (styles && styles.size > 0) {
          this.error(`bare-dynamic-imports: ${output.fileName} has a stylesheet of its own (${[...styles].join(', ')}), which only the entry may load`);
        }
      }
    },
  };
}
