/**
 * The email change's vocabulary: the new address and the current password being typed, why a
 * field or a call was refused, and the link that confirms the change. Views turn the codes into
 * messages in the reader's language.
 */

export const emailChangeFields = ['newEmail', 'password'] as const;
export type EmailChangeField = (typeof emailChangeFields)[number];
export type EmailChangeDraft = Record<EmailChangeField, string>;

/**
 * Why a field cannot be sent. `sameAsCurrent`: the address the user already has;
 * `wrongPassword`: the server says the password is not the user's.
 */
export type EmailChangeFieldProblem = 'required' | 'tooLong' | 'invalidCharacters' | 'invalid' | 'sameAsCurrent' | 'wrongPassword';
export type EmailChangeFieldProblems = Partial<Record<EmailChangeField, EmailChangeFieldProblem>>;

/** Why a call failed, when it was not a refusal of fields. */
export type EmailChangeFailureCode = 'network' | 'serverError' | 'notSignedIn' | 'tooManyRequests' | 'accountDisabled';

/**
 * What a failed call rejects with: the fields the server refused, a link that does not work
 * (`linkInvalid`), or a failure code.
 */
export type EmailChangeCallFailure =
  | { code: EmailChangeFailureCode | 'linkInvalid' }
  | { code: 'refused'; fields: EmailChangeFieldProblems };

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

export type EmailChangeEvent =
  | { type: 'emailChange.edit'; field: EmailChangeField; value: string }
  | { type: 'emailChange.leaveField'; field: EmailChangeField }
  | { type: 'emailChange.submit' }
  | { type: 'emailChange.startOver' };

export type EmailConfirmationEvent = { type: 'emailConfirmation.retry' };

export interface EmailChangeContext {
  /** The address the user signs in with now. */
  currentEmail: string;
  draft: EmailChangeDraft;
  /** Fields whose problems show: left at least once, or every field after a refused submit. */
  checked: EmailChangeField[];
  serverProblems: EmailChangeFieldProblems;
  failure: EmailChangeFailureCode | null;
  /** Where the link went, once sent. */
  sentTo: string | null;
  /** How many submits were refused (by the rules or the server): each moves the focus to the first field to fix. */
  refusals: number;
}

export interface EmailConfirmationContext {
  token: string;
  failure: EmailChangeFailureCode | null;
  /** The address the user signs in with from now on, once confirmed. */
  changedTo: string | null;
}

export type EmailChangeTag = 'busy';
