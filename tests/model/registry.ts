/**
 * The machines the QA and analyst tooling knows (the Node model run, `npm run model:plans`,
 * `npm run model:coverage`, `npm run charts`). A new machine joins all of them with one line
 * here, exporting its model from `tests/model/<name>.model.ts`.
 */
export { clientModel } from './client.model';
export { cookieConsentModel } from './cookie-consent.model';
export { languageModel } from './language.model';
export { loadingModel } from './loading.model';
export { paymentModel } from './payment.model';
export { sessionModel } from './session.model';
