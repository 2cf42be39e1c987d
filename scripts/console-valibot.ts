import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The console's contracts and screens: code that only the billing office's lazily loaded chunks
 * hold. Not the console's searches (console-search.ts) nor the text rules they read: every route's
 * definition travels with the patients' landing page, and the console's routes read their search with them.
 */
const consoleModule = /[\\/](contracts[\\/](console(?!-search)[\w-]*|branding|partner-api|payments-out)\.ts|src[\\/]console[\\/][\w.-]+\.tsx?)$/;

/**
 * Gives the billing office's console its own copy of valibot. A library is one module, and a
 * module travels in one chunk: every valibot function any screen uses would otherwise sit in the
 * shared vendor chunk that the patients' landing page loads (the console's schemas brought
 * 13 functions, about 1.2 kB gzip). The console's modules import valibot's minified build
 * instead, a file of its own, so what they use travels in the console's chunks. The two copies
 * mix safely: a valibot schema is a plain object that carries its own `~run`.
 */
export function consoleValibot(): Plugin {
  const copy = createRequire(import.meta.url).resolve('valibot').replace(/index\.(m?js|cjs)$/, 'index.min.mjs');
  return {
    name: 'console-valibot',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'valibot' || importer === undefined || !consoleModule.test(importer)) return null;
      return copy;
    },
  };
}
