/** The password forms' messages for the codes their machines keep, in the reader's language. */
import { useLingui } from '@lingui/react/macro';
import type { EmailFieldProblem, PasswordFieldProblem, PasswordFormFailure } from '@machines/password-reset/password-reset.types';

/** Which password field a message is for: "required" names it, so a screen reader user knows which. */
export type PasswordFieldRole = 'current' | 'new' | 'confirmation';

/** The message of a password field's problem, at its field. */
export function usePasswordFieldMessage(): (role: PasswordFieldRole, problem: PasswordFieldProblem) => string {
  const { t } = useLingui();
  return (role, problem) => {
    switch (problem) {
      case 'required':
        return role === 'current' ? t`Enter your current password.` : role === 'new' ? t`Choose a new password.` : t`Type the new password again.`;
      case 'invalidCharacters':
        return t`This contains characters that cannot be used, such as control characters. Please type it again.`;
      case 'tooShort':
        return t`Use at least 12 characters.`;
      case 'tooLong':
        return t`The password is too long: at most 128 characters.`;
      case 'sameAsEmail':
        return t`Choose a password that is not your email address.`;
      case 'common':
        return t`This password is too common and easy to guess. Choose another one.`;
      case 'sameAsCurrent':
        return t`This is the password you have now. Choose a new one.`;
      case 'incorrect':
        return t`This is not your current password.`;
      case 'mismatch':
        return t`The two passwords are not the same.`;
      case 'invalid':
        return t`This cannot be used as typed. Please check it.`;
    }
  };
}

/** The message of an email address's problem, at its field. */
export function useEmailFieldMessage(): (problem: EmailFieldProblem) => string {
  const { t } = useLingui();
  return (problem) => {
    switch (problem) {
      case 'required':
        return t`Enter your email address.`;
      case 'tooLong':
        return t`The email address is too long: at most 254 characters.`;
      case 'invalidCharacters':
        return t`This contains characters that cannot be used, such as control characters. Please type it again.`;
      case 'invalidEmail':
        return t`Enter an email address like name@example.com.`;
    }
  };
}

/** The message of a form's failed call, above the form. */
export function usePasswordFormFailureMessage(): (failure: PasswordFormFailure) => string {
  const { t } = useLingui();
  return (failure) => {
    switch (failure) {
      case 'tooManyRequests':
        return t`Too many attempts. Please wait a few minutes and try again.`;
      case 'notSignedIn':
        return t`You are no longer signed in. Please sign in again.`;
      case 'network':
        return t`We could not reach the server. Please check your connection and try again.`;
      case 'serverError':
        return t`Something went wrong on our side. Please try again.`;
    }
  };
}

/** The new password's rules, read with the field. */
export function useNewPasswordHint(): string {
  const { t } = useLingui();
  return t`At least 12 characters, not your email address and not a common password. A few words you will remember make a good one.`;
}
