import { describeBrowserPaths } from './model-paths/browser-paths';
import { forgotPasswordPaths } from './model-paths/forgot-password.paths';
import { resetPasswordPaths } from './model-paths/reset-password.paths';
import { updatePasswordPaths } from './model-paths/update-password.paths';

/**
 * The password machines' QA plans (docs/model/<machine>.plan.md) run path by path in Chromium
 * against the real product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
for (const browserPaths of [forgotPasswordPaths, resetPasswordPaths, updatePasswordPaths]) describeBrowserPaths(browserPaths);
