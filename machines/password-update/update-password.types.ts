/** The update password form's vocabulary (the shared codes are the password reset's). */
import type { FieldProblems, FormContext, FormEvent } from '../form/form.types';
import type { PasswordFieldProblem, PasswordFormFailure } from '../password-reset/password-reset.types';

/** The form's fields, in the order they show (the first to fix takes the focus). */
export const updatePasswordFields = ['currentPassword', 'newPassword', 'passwordConfirmation'] as const;
export type UpdatePasswordField = (typeof updatePasswordFields)[number];
export type UpdatePasswordDraft = Record<UpdatePasswordField, string>;
export type UpdatePasswordProblems = FieldProblems<UpdatePasswordField, PasswordFieldProblem>;

export interface UpdatePasswordInput {
  /** The address the user signs in with: the new password may not be it, and password managers file it under it. */
  email: string;
}

/** The request UpdatePassword sends, both passwords exactly as typed. */
export interface UpdatePasswordSubmission {
  currentPassword: string;
  newPassword: string;
}

/** The account's address and the form (a field's problem shows once it is left after typing, or after a refused submit). */
export interface UpdatePasswordContext extends FormContext<UpdatePasswordField, PasswordFieldProblem, PasswordFormFailure> {
  email: string;
}

export type UpdatePasswordEvent = FormEvent<UpdatePasswordField>;
