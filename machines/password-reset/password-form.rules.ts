/** Helpers the password forms' machines share: reading a call's rejection, and marking fields checked. */
import type { PasswordFieldProblem, PasswordFormFailure, PasswordFormRejection } from './password-reset.types';

const failureCodes: readonly (PasswordFormFailure | 'linkInvalid')[] = ['tooManyRequests', 'notSignedIn', 'network', 'serverError', 'linkInvalid'];

/** What a form's call rejected with, as its machine reads it: anything unknown is a server error. */
export function toPasswordFormRejection<Field extends string>(error: unknown): PasswordFormRejection<Field> {
  if (typeof error !== 'object' || error === null || !('code' in error)) return { code: 'serverError' };
  if (error.code === 'refused' && 'fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    return { code: 'refused', fields: error.fields };
  }
  return { code: failureCodes.find((code) => code === error.code) ?? 'serverError' };
}

/** `checked` with `field` added once. */
export const withChecked = <Field extends string>(checked: readonly Field[], field: Field): Field[] =>
  checked.includes(field) ? [...checked] : [...checked, field];

/** The server's problems without the one at `field` (it was edited), and without a mismatch's partner's. */
export function withoutProblem<Field extends string>(problems: Partial<Record<Field, PasswordFieldProblem>>, field: Field): Partial<Record<Field, PasswordFieldProblem>> {
  const { [field]: _edited, ...others } = problems;
  return others as Partial<Record<Field, PasswordFieldProblem>>;
}
