/** What the password forms' machines share: reading a call's rejection, and the failure it says above the form. */
import { toFormRejection } from '../form/form.rules';
import type { PasswordFieldProblem, PasswordFormFailure, PasswordFormRejection } from './password-reset.types';

const failureCodes: readonly (PasswordFormFailure | 'linkInvalid')[] = ['tooManyRequests', 'notSignedIn', 'network', 'serverError', 'linkInvalid'];

/** What a form's call rejected with, as its machine reads it: anything unknown is a server error. */
export const toPasswordFormRejection = <Field extends string>(error: unknown): PasswordFormRejection<Field> =>
  toFormRejection<Field, PasswordFieldProblem, PasswordFormFailure | 'linkInvalid'>(error, failureCodes);

/** The failure said above the form when the call failed as a whole (a link that stopped working, or fields refused, read as a server error there). */
export const passwordFormFailure = (rejection: PasswordFormRejection<string, string>): PasswordFormFailure =>
  rejection.code === 'refused' || rejection.code === 'linkInvalid' ? 'serverError' : rejection.code;
