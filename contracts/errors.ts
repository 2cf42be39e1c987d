/** Every error answer of the API: a stable code in `{ error }` that the SPA translates. */
import * as v from 'valibot';
import type { PasswordRuleProblem } from './passwords';
import type { WebhookUrlProblem } from './payments-out';
import type { TextIssue } from './text';

export const apiErrorCodes = [
  'invalidCredentials',
  'invalidRequest',
  'forbidden',
  'xsrf',
  'notFound',
  'notSignedIn',
  'tooManyRequests',
  'accountDisabled',
  /** The user's password has expired (403): only the session's own figures, Update password and sign-out answer until it is changed. */
  'passwordExpired',
  'serverError',
  /** The database is unreachable for now (a restart): try again shortly. */
  'serviceUnavailable',
  // Paying (payments.ts says which call answers which).
  'cardDeclined',
  'insufficientFunds',
  'idempotencyKeyReused',
  'amountExceedsBalance',
  'invoiceNotOpen',
  'cardTokenInvalid',
  'onlinePaymentsNotAccepted',
  /** The email and password are right, but the account waits for its activation link (403). */
  'accountNotActivated',
  /** An emailed link that is used, expired or unknown (410). */
  'linkInvalid',
  /** The partner API: no key, an unknown one, or a revoked one (401). A key without the scope a call needs gets 403 forbidden. */
  'invalidApiKey',
  // Giving money back (payments-out.ts): more than is left of the payment (422), a voided payment
  // (409), a void after a refund or after the payment's business day closed (409).
  'amountExceedsRefundable',
  'paymentVoided',
  'paymentRefunded',
  'paymentSettled',
  /**
   * A webhook endpoint's address that may not be called (422), with why in `fields.url`: not
   * https, a user or password in it, or a host of the portal's own machine or network.
   */
  'webhookUrlNotAllowed',
  // The console (console.ts): an email already staff of the client (409); a change that would
  // leave the client without an active office admin (409).
  'staffExists',
  'lastOfficeAdmin',
  // A client's branding (branding.ts): colours below WCAG AA contrast, with each failing pair
  // (422); a logo that is not a PNG or an SVG, whatever its name or declared type (415), more than
  // 1 MB (413), or wider or taller than 2000 pixels (422).
  'contrastTooLow',
  'logoNotAnImage',
  'logoTooLarge',
  'logoTooManyPixels',
  // The console's office work (console-work.ts): an activation link for a user who has activated
  // already (409); a test event for a disabled webhook endpoint (409).
  'alreadyActivated',
  'webhookEndpointDisabled',
] as const;
export const apiErrorSchema = v.object({ error: v.picklist(apiErrorCodes) });
export type ApiErrorCode = v.InferOutput<typeof apiErrorSchema>['error'];

/**
 * Why a field was refused: its text (text.ts), a new password's rules ('common': a well-known
 * password), or a webhook endpoint's address (payments-out.ts).
 */
export type FieldIssue = TextIssue | PasswordRuleProblem | 'common' | WebhookUrlProblem;

/**
 * A 400 invalidRequest may say what is wrong with each field, by its path (`billing.email`,
 * `lines.0.invoiceNumber`): `{ error: 'invalidRequest', fields: { 'billing.email': 'invalid' } }`.
 * A call with rules of its own may give its own reasons (a new password's: password-requests.ts).
 */
export type FieldErrors = Record<string, FieldIssue>;
