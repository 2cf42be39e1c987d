/**
 * The vocabulary of a staff member signing in to the billing office's console: the fields typed
 * (the lab's code when the address names none, the email, the password, then a code), why a field
 * or a call was refused, and what the machine keeps. Views turn the codes into messages in the
 * reader's language. The form's shape is every form's (machines/form).
 */
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export const staffSignInFields = ['clientCode', 'email', 'password', 'code'] as const;
export type StaffSignInField = (typeof staffSignInFields)[number];

/**
 * Why a field cannot be sent: empty, not the shape it must have (a code of 2 to 4 letters, an
 * address with @), or (the server's) a character that cannot be used, such as a control character.
 */
export type StaffFieldProblem = 'required' | 'invalid' | 'invalidCharacters';

/**
 * Why a step failed as a whole, said above the form: the email and password (or the code) are not
 * right, too many tries, the sign-in took too long and must start again, the passkey did not
 * answer (cancelled, or no passkey on this device), the network, the server.
 */
export type StaffSignInFailure = 'invalidCredentials' | 'invalidCode' | 'tooManyRequests' | 'expired' | 'passkeyFailed' | 'network' | 'serverError';

/** What a step's call rejects with. */
export type StaffSignInRejection = FormRejection<StaffSignInField, StaffFieldProblem, StaffSignInFailure>;

/** The second factors the staff member has set up. */
export interface StaffFactors {
  passkey: boolean;
  authenticatorApp: boolean;
}

/** What the password step answers: a second factor owed, or (never set up) one to set up. */
export type PasswordOutcome = { next: 'secondFactor'; factors: StaffFactors } | { next: 'enrol' };

export interface StaffSignInInput {
  /** The lab's code from the address; '' when the address names none (the form asks for it). */
  clientCode: string;
  /** A password already given in this browser: the sign-in goes on at its second factor. */
  factors: StaffFactors | null;
  /** The email to start with: signing in again over the console's screen, as whoever was signed in. */
  email?: string;
}

export interface StaffSignInContext extends FormContext<StaffSignInField, StaffFieldProblem, StaffSignInFailure> {
  /** Whether the address named the lab (its field is then not shown). */
  clientFromAddress: boolean;
  factors: StaffFactors;
}

export type StaffSignInEvent =
  | FormEvent<StaffSignInField>
  /** The person chooses to answer with a passkey rather than a code. */
  | { type: 'passkey.use' }
  /** The person starts again from the password (another account, or a lost phone and no code). */
  | { type: 'signIn.restart' };

export type StaffSignInTag = 'busy';
