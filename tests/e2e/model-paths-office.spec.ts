import { apiKeysPaths } from './model-paths/api-keys.paths';
import { brandColoursPaths } from './model-paths/brand-colours.paths';
import { brandLogoPaths } from './model-paths/brand-logo.paths';
import { describeBrowserPaths } from './model-paths/browser-paths';
import { importListPaths } from './model-paths/import-list.paths';
import { clientSettingsPaths } from './model-paths/client-settings.paths';
import { consolePaths } from './model-paths/console.paths';
import { patientHelpPaths } from './model-paths/patient-help.paths';
import { paymentRefundPaths } from './model-paths/payment-refund.paths';
import { staffAdminPaths } from './model-paths/staff-admin.paths';
import { staffEnrolmentPaths } from './model-paths/staff-enrolment.paths';
import { staffSessionPaths } from './model-paths/staff-session.paths';
import { staffSignInPaths } from './model-paths/staff-sign-in.paths';
import { statementUploadPaths } from './model-paths/statement-upload.paths';
import { webhookEndpointsPaths } from './model-paths/webhook-endpoints.paths';

/**
 * The billing office console's QA plans (docs/model/<machine>.plan.md) run path by path in
 * Chromium against the real product; see tests/e2e/model-paths/browser-paths.ts.
 */
for (const browserPaths of [
  staffEnrolmentPaths,
  staffAdminPaths,
  patientHelpPaths,
  paymentRefundPaths,
  brandColoursPaths,
  brandLogoPaths,
  clientSettingsPaths,
  statementUploadPaths,
  importListPaths,
  staffSignInPaths,
  staffSessionPaths,
  consolePaths,
  apiKeysPaths,
  webhookEndpointsPaths,
])
  describeBrowserPaths(browserPaths);
