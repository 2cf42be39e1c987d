import { describeBrowserPaths } from './model-paths/browser-paths';
import { clientPaths } from './model-paths/client.paths';

/**
 * The client machine's QA plan (docs/model/<machine>.plan.md) run path by path in
 * Chromium against the real product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
// The language plan (model-paths/language.paths.ts) joins once a first visit whose catalogs all
// fail to load shows a screen of its own: its plan now walks there, and the page is unreadable.
describeBrowserPaths(clientPaths);
