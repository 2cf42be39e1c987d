/** Every error answer of the API: a stable code in `{ error }` that the SPA translates. */
import * as v from 'valibot';

export const apiErrorCodes = [
  'invalidCredentials',
  'invalidRequest',
  'forbidden',
  'xsrf',
  'notFound',
  'notSignedIn',
  'tooManyRequests',
  'accountDisabled',
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
] as const;
export const apiErrorSchema = v.object({ error: v.picklist(apiErrorCodes) });
export type ApiErrorCode = v.InferOutput<typeof apiErrorSchema>['error'];
