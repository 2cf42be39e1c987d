/**
 * The registration form's rules, as the server checks them: required fields, the contract's
 * lengths, an address's shape, a client code of 2 to 4 letters, and the password's shared rules
 * (the server adds "not a common password", whose list is too big to ship here).
 */
import { passwordRuleProblem } from '@contracts/passwords';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, REFERENCE_MAX_LENGTH } from '@contracts/registration-limits';
import { registrationFields, type RegistrationDraft, type RegistrationFieldError, type RegistrationFieldErrors } from '@machines/registration/registration.types';

const emailPattern = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const controlCharacters = /[\p{Cc}\p{Cs}]/u;
const clientCodePattern = /^[A-Za-z]{2,4}$/;

/** A single-line text's problem: required (unless optional), too long, or characters the server refuses. */
function textError(value: string, max: number, { optional = false } = {}): RegistrationFieldError | undefined {
  const text = value.normalize('NFC').trim();
  if (text === '') return optional ? undefined : 'required';
  if (controlCharacters.test(text)) return 'invalidCharacters';
  if (text.length > max) return 'tooLong';
  return undefined;
}

function emailError(value: string): RegistrationFieldError | undefined {
  const problem = textError(value, EMAIL_MAX_LENGTH);
  if (problem) return problem;
  return emailPattern.test(value.trim()) ? undefined : 'invalidEmail';
}

function passwordError(password: string, email: string): RegistrationFieldError | undefined {
  if (password === '') return 'required';
  if (controlCharacters.test(password)) return 'invalidCharacters';
  return passwordRuleProblem(password, email) ?? undefined;
}

/** Every field's first problem in the draft; a field that is fine has no entry. */
export function registrationErrors(draft: RegistrationDraft): RegistrationFieldErrors {
  const found: Record<keyof RegistrationDraft, RegistrationFieldError | undefined> = {
    firstName: textError(draft.firstName, NAME_MAX_LENGTH),
    lastName: textError(draft.lastName, NAME_MAX_LENGTH),
    company: textError(draft.company, COMPANY_MAX_LENGTH, { optional: true }),
    email: emailError(draft.email),
    password: passwordError(draft.password, draft.email),
    passwordConfirmation: draft.passwordConfirmation === '' ? 'required' : draft.passwordConfirmation === draft.password ? undefined : 'mismatch',
    clientCode: draft.clientCode.trim() === '' ? 'required' : clientCodePattern.test(draft.clientCode.trim()) ? undefined : 'invalidClientCode',
    rosterAcct: textError(draft.rosterAcct, REFERENCE_MAX_LENGTH),
    invoice: textError(draft.invoice, REFERENCE_MAX_LENGTH),
    postalCode: textError(draft.postalCode, POSTAL_CODE_MAX_LENGTH),
  };
  const errors: RegistrationFieldErrors = {};
  for (const field of registrationFields) {
    const error = found[field];
    if (error) errors[field] = error;
  }
  return errors;
}

/** True when the draft keeps every rule: the registration machine's `isDraftValid`. */
export function isDraftValid(draft: RegistrationDraft): boolean {
  return Object.keys(registrationErrors(draft)).length === 0;
}
