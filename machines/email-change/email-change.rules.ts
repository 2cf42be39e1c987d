/**
 * The rules of the email change form, as the server's `emailChangeRequestSchema` checks them: the
 * new address NFC-normalised and trimmed, without control characters, at most 254 characters, an
 * address by the same pattern (valibot's `email`), and not the current one; the password as typed,
 * present and at most 128 characters. A test in the member feature holds the two together.
 */
import { emailChangeFields, type EmailChangeDraft, type EmailChangeField, type EmailChangeFieldProblem, type EmailChangeFieldProblems } from './email-change.types';

export const NEW_EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

/** valibot's `email` pattern, which the server applies. */
const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu;
const controlCharacters = /[\p{Cc}\p{Cs}]/u;

/** An address as the server compares and stores it. */
export const normaliseEmail = (value: string): string => value.normalize('NFC').trim().toLowerCase();

/** Why this field cannot be sent, or null when it can. */
export function emailChangeFieldProblem(field: EmailChangeField, value: string, currentEmail: string): EmailChangeFieldProblem | null {
  if (field === 'password') {
    if (value === '') return 'required';
    if (value.length > PASSWORD_MAX_LENGTH) return 'tooLong';
    return controlCharacters.test(value) ? 'invalidCharacters' : null;
  }
  const text = value.normalize('NFC').trim();
  if (controlCharacters.test(text)) return 'invalidCharacters';
  if (text === '') return 'required';
  if (text.length > NEW_EMAIL_MAX_LENGTH) return 'tooLong';
  if (!emailPattern.test(text)) return 'invalid';
  if (currentEmail !== '' && normaliseEmail(text) === normaliseEmail(currentEmail)) return 'sameAsCurrent';
  return null;
}

/** Every field's problem. */
export function emailChangeProblems(draft: EmailChangeDraft, currentEmail: string): EmailChangeFieldProblems {
  const problems: EmailChangeFieldProblems = {};
  for (const field of emailChangeFields) {
    const problem = emailChangeFieldProblem(field, draft[field], currentEmail);
    if (problem) problems[field] = problem;
  }
  return problems;
}
