/**
 * The vocabulary of getting back in and changing a password: the fields being typed, why a field
 * or a call was refused, and what each form's machine knows. Views turn the codes into messages
 * in the reader's language. Each form's shape is every form's (machines/form).
 */
import type { FieldProblems, FormContext, FormEvent, FormRejection } from '../form/form.types';

/** Why an email address cannot be sent. */
export type EmailFieldProblem = 'required' | 'tooLong' | 'invalidEmail' | 'invalidCharacters';

/**
 * Why a password field cannot be sent: the shared rules (`tooShort`, `tooLong`, `sameAsEmail`),
 * the server's (`common`, `sameAsCurrent`: the new one is the password in use; `incorrect`: the
 * current password is wrong), a confirmation that differs (`mismatch`), or a reason the form has
 * no words for (`invalid`).
 */
export type PasswordFieldProblem =
  | 'required'
  | 'invalidCharacters'
  | 'tooShort'
  | 'tooLong'
  | 'sameAsEmail'
  | 'common'
  | 'sameAsCurrent'
  | 'incorrect'
  | 'mismatch'
  | 'invalid';

/** Failures of a whole form, said above it: asked too often, signed out meanwhile, the network, the server. */
export type PasswordFormFailure = 'tooManyRequests' | 'notSignedIn' | 'network' | 'serverError';

/**
 * What a form's call rejects with: a failure of the whole form, a link that no longer works, or
 * the fields the server refused.
 */
export type PasswordFormRejection<Field extends string, Problem extends string = PasswordFieldProblem> = FormRejection<
  Field,
  Problem,
  PasswordFormFailure | 'linkInvalid'
>;

export type PasswordFormTag = 'busy';

// Forgot password: the email address to send a link to.

export interface ForgotPasswordInput {
  /** The address kept from an earlier visit in this tab, prefilled ('' without one). */
  email: string;
}

/** The forgotten-password form's one field. */
export const forgotPasswordFields = ['email'] as const;
export type ForgotPasswordField = (typeof forgotPasswordFields)[number];

/** The address (its problem shows once the field is left after typing, or after a refused submit). */
export type ForgotPasswordContext = FormContext<ForgotPasswordField, EmailFieldProblem, PasswordFormFailure>;

export type ForgotPasswordEvent = FormEvent<ForgotPasswordField>;

// Reset password: the new password, typed twice, through the emailed link.

/** The reset form's fields, in the order they show (the first to fix takes the focus). */
export const resetPasswordFields = ['password', 'passwordConfirmation'] as const;
export type ResetPasswordField = (typeof resetPasswordFields)[number];
export type ResetPasswordDraft = Record<ResetPasswordField, string>;
export type ResetPasswordProblems = FieldProblems<ResetPasswordField, PasswordFieldProblem>;

export interface ResetPasswordInput {
  /** The link's token; null when the link carried none. */
  token: string | null;
}

/** The link's token, its account, and the form (a field's problem shows once it is left after typing, or after a refused submit). */
export interface ResetPasswordContext extends FormContext<ResetPasswordField, PasswordFieldProblem, PasswordFormFailure> {
  token: string | null;
  /** The account the link is for, once checked: the password may not be it, and password managers file the new one under it. */
  email: string;
}

export type ResetPasswordEvent = FormEvent<ResetPasswordField> | { type: 'resetPassword.retry' };

/** The request ResetPassword sends: the link's token and the new password, exactly as typed. */
export interface ResetPasswordSubmission {
  token: string;
  password: string;
}
