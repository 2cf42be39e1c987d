import { appPaths } from './model-paths/app.paths';
import { describeBrowserPaths } from './model-paths/browser-paths';
import { cookieConsentPaths } from './model-paths/cookie-consent.paths';
import { loadingPaths } from './model-paths/loading.paths';
import { sessionPaths } from './model-paths/session.paths';

/**
 * The machines' QA plans (docs/model/<machine>.plan.md) run path by path in Chromium against the
 * real product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
for (const browserPaths of [appPaths, sessionPaths, cookieConsentPaths, loadingPaths]) describeBrowserPaths(browserPaths);
