import { describeBrowserPaths } from './model-paths/browser-paths';
import { clientPaths } from './model-paths/client.paths';
import { languagePaths } from './model-paths/language.paths';

/**
 * The client and language machines' QA plans (docs/model/<machine>.plan.md) run path by path in
 * Chromium against the real product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
describeBrowserPaths(clientPaths);
describeBrowserPaths(languagePaths);
