/**
 * The vocabulary of getting back in and changing a password: the fields being typed, why a field
 * or a call was refused, and what each form's machine knows. Views turn the codes into messages
 * in the reader's language.
 */

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
export type PasswordFormRejection<Field extends string> =
  | { code: PasswordFormFailure | 'linkInvalid' }
  | { code: 'refused'; fields: Partial<Record<Field, PasswordFieldProblem>> };

export type PasswordFormTag = 'busy';

// Forgot password: the email address to send a link to.

export interface ForgotPasswordInput {
  /** The address kept from an earlier visit in this tab, prefilled ('' without one). */
  email: string;
}

export interface ForgotPasswordContext {
  email: string;
  /** The address's problem shows: the field was left after typing, or a submit was refused. */
  checked: boolean;
  serverProblem: EmailFieldProblem | null;
  failure: PasswordFormFailure | null;
  /** Refused submits so far: each moves the focus to the field. */
  refusals: number;
}

export type ForgotPasswordEvent =
  | { type: 'forgotPassword.edit'; value: string }
  | { type: 'forgotPassword.leave' }
  | { type: 'forgotPassword.submit' };

// Reset password: the new password, typed twice, through the emailed link.

/** The reset form's fields, in the order they show (the first to fix takes the focus). */
export const resetPasswordFields = ['password', 'passwordConfirmation'] as const;
export type ResetPasswordField = (typeof resetPasswordFields)[number];
export type ResetPasswordDraft = Record<ResetPasswordField, string>;
export type ResetPasswordProblems = Partial<Record<ResetPasswordField, PasswordFieldProblem>>;

export interface ResetPasswordInput {
  /** The link's token; null when the link carried none. */
  token: string | null;
}

export interface ResetPasswordContext {
  token: string | null;
  /** The account the link is for, once checked: the password may not be it, and password managers file the new one under it. */
  email: string;
  draft: ResetPasswordDraft;
  checked: ResetPasswordField[];
  serverProblems: ResetPasswordProblems;
  failure: PasswordFormFailure | null;
  refusals: number;
}

export type ResetPasswordEvent =
  | { type: 'resetPassword.edit'; field: ResetPasswordField; value: string }
  | { type: 'resetPassword.leave'; field: ResetPasswordField }
  | { type: 'resetPassword.submit' }
  | { type: 'resetPassword.retry' };
