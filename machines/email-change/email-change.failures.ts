/** Reading what a failed call of the email change rejected with. */
import type { EmailChangeCallFailure, EmailChangeFailureCode } from './email-change.types';

const failureCodes: readonly (EmailChangeFailureCode | 'linkInvalid')[] = [
  'network',
  'serverError',
  'notSignedIn',
  'tooManyRequests',
  'accountDisabled',
  'linkInvalid',
];

/** What a failed call means to the flow: the fields the server refused, or a code (unknown: a server error). */
export function toEmailChangeFailure(error: unknown): EmailChangeCallFailure {
  if (typeof error !== 'object' || error === null || !('code' in error)) return { code: 'serverError' };
  if (error.code === 'refused' && 'fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    return { code: 'refused', fields: error.fields };
  }
  return { code: failureCodes.find((known) => known === error.code) ?? 'serverError' };
}

