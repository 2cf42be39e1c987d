/**
 * The registration form's vocabulary: its fields, what was typed, why a field cannot be sent, and
 * the failures the register call reports. The form's shape is every form's (machines/form).
 */
import type { FieldProblems, FormContext, FormEvent, FormRejection } from '../form/form.types';

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
export type RegistrationFieldErrors = FieldProblems<RegistrationField, RegistrationFieldError>;

/** Failures of the whole form, shown above it: asked too often, the network, or the server. */
export type RegistrationFailureCode = 'tooManyRequests' | 'network' | 'serverError';

/**
 * What the `register` actor rejects with: a form failure, or the fields the server refused
 * (`fields` set, `code` 'refused').
 */
export type RegistrationRejection = FormRejection<RegistrationField, RegistrationFieldError, RegistrationFailureCode>;

export interface RegistrationInput {
  /** The client code in the page's URL, prefilled ('' without one). */
  clientCode: string;
}

/** The form (a field's rules' error shows once it is left after typing in it, or after a refused submit), and where the email went. */
export interface RegistrationContext extends FormContext<RegistrationField, RegistrationFieldError, RegistrationFailureCode> {
  /** The address the activation email went to, once registered. */
  sentTo: string | null;
}

export type RegistrationEvent = FormEvent<RegistrationField>;

export type RegistrationTag = 'busy';
