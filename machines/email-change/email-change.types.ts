/**
 * The email change's vocabulary: the new address and the current password being typed, why a
 * field or a call was refused, and the link that confirms the change. Views turn the codes into
 * messages in the reader's language. The form's shape is every form's (machines/form).
 */
import type { FieldProblems, FormContext, FormEvent, FormRejection } from '../form/form.types';

export const emailChangeFields = ['newEmail', 'password'] as const;
export type EmailChangeField = (typeof emailChangeFields)[number];
export type EmailChangeDraft = Record<EmailChangeField, string>;

/**
 * Why a field cannot be sent. `sameAsCurrent`: the address the user already has;
 * `wrongPassword`: the server says the password is not the user's.
 */
export type EmailChangeFieldProblem = 'required' | 'tooLong' | 'invalidCharacters' | 'invalid' | 'sameAsCurrent' | 'wrongPassword';
export type EmailChangeFieldProblems = FieldProblems<EmailChangeField, EmailChangeFieldProblem>;

/** Why a call failed, when it was not a refusal of fields. */
export type EmailChangeFailureCode = 'network' | 'serverError' | 'notSignedIn' | 'tooManyRequests' | 'accountDisabled';

/**
 * What a failed call rejects with: the fields the server refused, a link that does not work
 * (`linkInvalid`), or a failure code.
 */
export type EmailChangeCallFailure = FormRejection<EmailChangeField, EmailChangeFieldProblem, EmailChangeFailureCode | 'linkInvalid'>;

/** The request the `requestEmailChange` actor sends. */
export interface EmailChangeSubmission {
  newEmail: string;
  password: string;
}

/** The `email` page's machine knows the address the user has now. */
export interface EmailChangeInput {
  currentEmail: string;
}

/** The `confirmation/update` page's machine gets the link's token. */
export interface EmailConfirmationInput {
  token: string;
}

export type EmailChangeEvent = FormEvent<EmailChangeField> | { type: 'emailChange.startOver' };

export type EmailConfirmationEvent = { type: 'emailConfirmation.retry' };

/** The form (a field's problem shows once it is left, or after a refused submit), and where the link went. */
export interface EmailChangeContext extends FormContext<EmailChangeField, EmailChangeFieldProblem, EmailChangeFailureCode> {
  /** The address the user signs in with now. */
  currentEmail: string;
  /** Where the link went, once sent. */
  sentTo: string | null;
}

export interface EmailConfirmationContext {
  token: string;
  failure: EmailChangeFailureCode | null;
  /** The address the user signs in with from now on, once confirmed. */
  changedTo: string | null;
}

export type EmailChangeTag = 'busy';
