import { describeBrowserPaths } from './model-paths/browser-paths';
import { paymentPaths } from './model-paths/payment.paths';

/**
 * The payment wizard's QA plan (docs/model/payment.plan.md) run path by path in Chromium against
 * the real product over the real server; see tests/e2e/model-paths/browser-paths.ts.
 */
describeBrowserPaths(paymentPaths);
