/**
 * Text as the API accepts it: no control characters (a NUL byte is what PostgreSQL refuses), no
 * lone surrogates, Unicode-normalised (NFC) and trimmed, and of a bounded length. Every text field
 * of every request goes through one of these, so bad text is a 400 at the boundary, never a
 * database error. Issues carry a stable message the server turns into field errors.
 */
import * as v from 'valibot';

/** Why a text field was refused; the messages of the valibot issues below. */
export const textIssues = ['required', 'tooLong', 'invalidCharacters', 'invalid'] as const;
export type TextIssue = (typeof textIssues)[number];

/**
 * C0 and C1 controls (NUL, escape, ...), and halves of surrogate pairs that stand alone (matched
 * per code point, with the u flag: a pair is one character outside the range). Written as ranges,
 * not Unicode property classes (`\p{Cc}`), since the OpenAPI document carries this pattern and
 * common validators in other languages refuse property classes.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const noControlCharacters = /^[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]*$/u;

// Trimmed before the check, so a tab or line break pasted around a number is dropped, not refused.

/** A required single-line text of at most `max` characters after trimming. */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(
    v.string('invalid'),
    v.normalize('NFC'),
    v.trim(),
    v.regex(noControlCharacters, 'invalidCharacters'),
    v.minLength(1, 'required'),
    v.maxLength(max, 'tooLong'),
  );

/** An optional (possibly empty) single-line text of at most `max` characters after trimming. */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(
    v.string('invalid'),
    v.normalize('NFC'),
    v.trim(),
    v.regex(noControlCharacters, 'invalidCharacters'),
    v.maxLength(max, 'tooLong'),
  );

/**
 * A secret as typed (a password): never trimmed or normalised, since the same keystrokes must
 * give the same bytes at every sign-in; control characters are still refused.
 */
export const secretText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(
    v.string('invalid'),
    v.minLength(1, 'required'),
    v.maxLength(max, 'tooLong'),
    v.regex(noControlCharacters, 'invalidCharacters'),
  );

/** A billing group as a request names it (52, 48, it); absent or empty for most clients. */
export const billingGroupSchema = v.optional(optionalText(8));
