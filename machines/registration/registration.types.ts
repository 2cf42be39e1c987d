/**
 * The registration form's vocabulary: its fields, what was typed, why a field cannot be sent, and
 * the failures the register call reports.
 */

/** The form's fields, in the order they show (the first to fix takes the focus). */
export const registrationFields = [
  'firstName',
  'lastName',
  'company',
  'email',
  'password',
  'passwordConfirmation',
  'clientCode',
  'rosterAcct',
  'invoice',
  'postalCode',
] as const;
export type RegistrationField = (typeof registrationFields)[number];
/** What was typed, exactly as typed. */
export type RegistrationDraft = Record<RegistrationField, string>;

/**
 * Why a field cannot be sent, found by the form's rules or by the server; views translate these.
 * `accountNotFound` (at the account number): the client, account, open invoice and postal code do
 * not belong together, which the server tells as one answer whichever was wrong.
 */
export type RegistrationFieldError =
  | 'required'
  | 'tooLong'
  | 'invalid'
  | 'invalidEmail'
  | 'invalidCharacters'
  | 'invalidClientCode'
  | 'tooShort'
  | 'sameAsEmail'
  | 'common'
  | 'mismatch'
  | 'accountNotFound';
export type RegistrationFieldErrors = Partial<Record<RegistrationField, RegistrationFieldError>>;

/** Failures of the whole form, shown above it: asked too often, the network, or the server. */
export type RegistrationFailureCode = 'tooManyRequests' | 'network' | 'serverError';

/**
 * What the `register` actor rejects with: a form failure, or the fields the server refused
 * (`fields` set, `code` 'refused').
 */
export type RegistrationRejection = { code: RegistrationFailureCode } | { code: 'refused'; fields: RegistrationFieldErrors };

export interface RegistrationInput {
  /** The client code in the page's URL, prefilled ('' without one). */
  clientCode: string;
}

export interface RegistrationContext {
  draft: RegistrationDraft;
  /** Fields whose rule errors show: left after typing in them, or all after a refused submit. */
  checked: RegistrationField[];
  /** What the server refused, by field, until that field changes. */
  serverErrors: RegistrationFieldErrors;
  failure: RegistrationFailureCode | null;
  /** Refused submits so far: each moves the focus to the first field to fix. */
  refusals: number;
  /** The address the activation email went to, once registered. */
  sentTo: string | null;
}

export type RegistrationEvent =
  | { type: 'registration.update'; field: RegistrationField; value: string }
  /** The person left a field (blur): its rules' error shows from now on, if it was typed in. */
  | { type: 'registration.leave'; field: RegistrationField }
  | { type: 'registration.submit' };

export type RegistrationTag = 'busy';
