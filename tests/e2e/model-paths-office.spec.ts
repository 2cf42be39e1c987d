import { describeBrowserPaths } from './model-paths/browser-paths';
import { apiKeysPaths } from './model-paths/api-keys.paths';
import { staffSignInPaths } from './model-paths/staff-sign-in.paths';

/**
 * The billing office console's QA plans (docs/model/<machine>.plan.md) run path by path in
 * Chromium against the real product; see tests/e2e/model-paths/browser-paths.ts.
 */
for (const browserPaths of [staffSignInPaths, apiKeysPaths]) describeBrowserPaths(browserPaths);
