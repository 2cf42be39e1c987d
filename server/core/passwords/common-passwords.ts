/**
 * "Not a common password": the list of about 49,000 passwords most often found in breaches that
 * zxcvbn ships (@zxcvbn-ts/language-common, MIT). Server only: the list is far too big for the
 * SPA's bundle, so the SPA checks the shared rules and the server this one as well.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | undefined;

/** The form in which passwords are compared with the list (which is lower-case). */
function comparable(password: string): string {
  // NFKC folds full-width and other look-alike forms, as the password hashing does.
  return password.normalize('NFKC').trim().toLowerCase();
}

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map(comparable));
  return common;
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** True when the password, compared case-insensitively, is on the list of common passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(comparable(password));
}
