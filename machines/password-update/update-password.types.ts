/** The update password form's vocabulary (the shared codes are the password reset's). */
import type { PasswordFieldProblem, PasswordFormFailure } from '../password-reset/password-reset.types';

/** The form's fields, in the order they show (the first to fix takes the focus). */
export const updatePasswordFields = ['currentPassword', 'newPassword', 'passwordConfirmation'] as const;
export type UpdatePasswordField = (typeof updatePasswordFields)[number];
export type UpdatePasswordDraft = Record<UpdatePasswordField, string>;
export type UpdatePasswordProblems = Partial<Record<UpdatePasswordField, PasswordFieldProblem>>;

export interface UpdatePasswordInput {
  /** The address the user signs in with: the new password may not be it, and password managers file it under it. */
  email: string;
}

/** The request UpdatePassword sends, both passwords exactly as typed. */
export interface UpdatePasswordSubmission {
  currentPassword: string;
  newPassword: string;
}

export interface UpdatePasswordContext {
  email: string;
  draft: UpdatePasswordDraft;
  checked: UpdatePasswordField[];
  serverProblems: UpdatePasswordProblems;
  failure: PasswordFormFailure | null;
  refusals: number;
}

export type UpdatePasswordEvent =
  | { type: 'updatePassword.edit'; field: UpdatePasswordField; value: string }
  | { type: 'updatePassword.leave'; field: UpdatePasswordField }
  | { type: 'updatePassword.submit' };
