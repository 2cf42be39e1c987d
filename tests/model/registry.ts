/**
 * The machines the QA and analyst tooling knows (the Node model run, `npm run model:plans`,
 * `npm run model:coverage`, `npm run charts`). A new machine joins all of them with one line
 * here, exporting its model from `tests/model/<name>.model.ts`.
 */
export { accessRemovalModel } from './access-removal.model';
export { apiKeysModel } from './api-keys.model';
export { appModel } from './app.model';
export { brandColoursModel } from './brand-colours.model';
export { brandLogoModel } from './brand-logo.model';
export { activationModel } from './activation.model';
export { clientModel } from './client.model';
export { clientSettingsModel } from './client-settings.model';
export { consoleModel } from './console.model';
export { cookieConsentModel } from './cookie-consent.model';
export { emailChangeModel } from './email-change.model';
export { emailConfirmationModel } from './email-confirmation.model';
export { forgotPasswordModel } from './forgot-password.model';
export { importListModel } from './import-list.model';
export { languageModel } from './language.model';
export { loadingModel } from './loading.model';
export { memberModel } from './member.model';
export { patientHelpModel } from './patient-help.model';
export { paymentModel } from './payment.model';
export { paymentRefundModel } from './payment-refund.model';
export { registrationModel } from './registration.model';
export { resendActivationModel } from './resend-activation.model';
export { resetPasswordModel } from './reset-password.model';
export { sessionModel } from './session.model';
export { staffAdminModel } from './staff-admin.model';
export { staffEnrolmentModel } from './staff-enrolment.model';
export { staffSessionModel } from './staff-session.model';
export { staffSignInModel } from './staff-sign-in.model';
export { statementUploadModel } from './statement-upload.model';
export { switchClientsModel } from './switch-clients.model';
export { updatePasswordModel } from './update-password.model';
export { webhookEndpointsModel } from './webhook-endpoints.model';
