/** Reading what a failed call of the email change rejected with. */
import { toFormRejection } from '../form/form.rules';
import type { EmailChangeCallFailure, EmailChangeFailureCode, EmailChangeField, EmailChangeFieldProblem } from './email-change.types';

const failureCodes: readonly (EmailChangeFailureCode | 'linkInvalid')[] = [
  'network',
  'serverError',
  'notSignedIn',
  'tooManyRequests',
  'accountDisabled',
  'linkInvalid',
];

/** What a failed call means to the flow: the fields the server refused, or a code (unknown: a server error). */
export const toEmailChangeFailure = (error: unknown): EmailChangeCallFailure =>
  toFormRejection<EmailChangeField, EmailChangeFieldProblem, EmailChangeFailureCode | 'linkInvalid'>(error, failureCodes);

/** The failure said above the form (a refusal of fields is none; a link that does not work reads as a server error here). */
export const failureOf = (failure: EmailChangeCallFailure): EmailChangeFailureCode | null =>
  failure.code === 'refused' ? null : failure.code === 'linkInvalid' ? 'serverError' : failure.code;
