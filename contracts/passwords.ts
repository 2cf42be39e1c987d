/**
 * The password rules that the SPA checks as the person types and the server checks again: 12 to
 * 128 characters and not the email. The server adds "not a common password", whose list is too
 * big for the SPA's bundle. Plain functions, no schema library, so the SPA pays only for these.
 */

/** Fewest characters (Unicode code points after NFC) a password may have. */
export const PASSWORD_MIN_LENGTH = 12;
/** Most characters (Unicode code points after NFC) a password may have. */
export const PASSWORD_MAX_LENGTH = 128;

/** Why a new password breaks the shared rules. */
export type PasswordRuleProblem = 'tooShort' | 'tooLong' | 'sameAsEmail';

/**
 * The length of a password as a person counts it: code points after NFC, so an accented letter
 * typed as one key or as a letter and a combining mark counts once, and an emoji counts once.
 */
export function passwordLength(password: string): number {
  // Array.from walks code points, where .length counts UTF-16 units.
  return Array.from(password.normalize('NFC')).length;
}

/** Emails compare trimmed, NFC and case-insensitively, as they are stored. */
function comparableEmail(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

/** The first shared rule a new password breaks, or null when it keeps them all. */
export function passwordRuleProblem(password: string, email: string): PasswordRuleProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const comparable = comparableEmail(email);
  if (comparable !== '' && comparableEmail(password) === comparable) return 'sameAsEmail';
  return null;
}
