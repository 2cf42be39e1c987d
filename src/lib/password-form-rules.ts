/**
 * The rules of the password forms (forgotten password, reset, update), as the server checks them:
 * an address's shape (valibot's `email`, which the server applies) and length, and a new password's
 * shared rules (12 to 128 characters, not the email); the server adds "not a common password",
 * whose list is too big to ship. Plain functions, so the pages pay only for these.
 */
import { passwordRuleProblem } from '@contracts/passwords';
import {
  resetPasswordFields,
  type EmailFieldProblem,
  type PasswordFieldProblem,
  type ResetPasswordDraft,
  type ResetPasswordProblems,
} from '@machines/password-reset/password-reset.types';
import { updatePasswordFields, type UpdatePasswordDraft, type UpdatePasswordProblems } from '@machines/password-update/update-password.types';

/** valibot's `email` pattern, which the server applies. */
const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu;
const controlCharacters = /[\p{Cc}\p{Cs}]/u;
const EMAIL_MAX_LENGTH = 254;
/** The most a password field carries: the server's transport limit (its rules say "too long" sooner). */
const TYPED_PASSWORD_MAX_LENGTH = 512;

/** Why an email address cannot be sent, or null. */
export function emailProblem(value: string): EmailFieldProblem | null {
  const text = value.normalize('NFC').trim();
  if (controlCharacters.test(text)) return 'invalidCharacters';
  if (text === '') return 'required';
  if (text.length > EMAIL_MAX_LENGTH) return 'tooLong';
  return emailPattern.test(text) ? null : 'invalidEmail';
}

/** Why a password as typed (the current one) cannot be sent, or null. */
export function typedPasswordProblem(value: string): PasswordFieldProblem | null {
  if (value === '') return 'required';
  if (value.length > TYPED_PASSWORD_MAX_LENGTH) return 'tooLong';
  return controlCharacters.test(value) ? 'invalidCharacters' : null;
}

/** Why a new password breaks the rules, for the account of `email`, or null. */
export function newPasswordProblem(password: string, email: string): PasswordFieldProblem | null {
  return typedPasswordProblem(password) ?? passwordRuleProblem(password, email);
}

/** Why a confirmation is not the new password typed again, or null. */
export function confirmationProblem(confirmation: string, password: string): PasswordFieldProblem | null {
  if (confirmation === '') return 'required';
  return confirmation === password ? null : 'mismatch';
}

/** The server's reason at a password field, as the forms name it (any other reads as `invalid`). */
export function toPasswordFieldProblem(issue: string): PasswordFieldProblem {
  const known: readonly PasswordFieldProblem[] = ['required', 'invalidCharacters', 'tooShort', 'tooLong', 'sameAsEmail', 'common', 'sameAsCurrent', 'incorrect'];
  return known.find((problem) => problem === issue) ?? 'invalid';
}

/** The server's reason at an address, as the forms name it (any other reads as not an address). */
export function toEmailFieldProblem(issue: string): EmailFieldProblem {
  const known: readonly EmailFieldProblem[] = ['required', 'tooLong', 'invalidCharacters'];
  return known.find((problem) => problem === issue) ?? 'invalidEmail';
}

/** The fields that have a problem, in the form's order. */
function withProblems<Field extends string>(fields: readonly Field[], found: Record<Field, PasswordFieldProblem | null>): Partial<Record<Field, PasswordFieldProblem>> {
  const problems: Partial<Record<Field, PasswordFieldProblem>> = {};
  for (const field of fields) {
    const problem = found[field];
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The reset form's problems by the rules, for the account of `email`. */
export function resetPasswordProblems(draft: ResetPasswordDraft, email: string): ResetPasswordProblems {
  return withProblems(resetPasswordFields, {
    password: newPasswordProblem(draft.password, email),
    passwordConfirmation: confirmationProblem(draft.passwordConfirmation, draft.password),
  });
}

/** The update password form's problems by the rules, for the account of `email`. */
export function updatePasswordProblems(draft: UpdatePasswordDraft, email: string): UpdatePasswordProblems {
  return withProblems(updatePasswordFields, {
    currentPassword: typedPasswordProblem(draft.currentPassword),
    newPassword: newPasswordProblem(draft.newPassword, email),
    passwordConfirmation: confirmationProblem(draft.passwordConfirmation, draft.newPassword),
  });
}
