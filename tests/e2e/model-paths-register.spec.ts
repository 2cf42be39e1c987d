import { accessRemovalPaths } from './model-paths/access-removal.paths';
import { activationPaths } from './model-paths/activation.paths';
import { describeBrowserPaths } from './model-paths/browser-paths';
import { emailConfirmationPaths } from './model-paths/email-confirmation.paths';
import { registrationPaths } from './model-paths/registration.paths';
import { resendActivationPaths } from './model-paths/resend-activation.paths';

/**
 * The QA plans of registering, activating, sending the activation link again and confirming an
 * email change (docs/model/<machine>.plan.md), run path by path in Chromium against the real
 * product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
for (const browserPaths of [registrationPaths, activationPaths, accessRemovalPaths, resendActivationPaths, emailConfirmationPaths]) describeBrowserPaths(browserPaths);
