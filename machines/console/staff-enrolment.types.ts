/**
 * The vocabulary of setting up a staff member's sign-in from an invitation: the new password typed
 * twice, the choice of a second factor (a passkey or an authenticator app, whose code confirms it),
 * and the ten recovery codes shown once. Views turn the codes into messages.
 */
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';
import type { PasswordFieldProblem } from '../password-reset/password-reset.types';

export const staffEnrolmentFields = ['password', 'passwordConfirmation', 'code'] as const;
export type StaffEnrolmentField = (typeof staffEnrolmentFields)[number];
/** The fields of the password step, and of the app's code step. */
export const passwordStepFields: readonly StaffEnrolmentField[] = ['password', 'passwordConfirmation'];
export const codeStepFields: readonly StaffEnrolmentField[] = ['code'];

/** A field's problem: the password rules', or a code that is not six digits. */
export type StaffEnrolmentProblem = PasswordFieldProblem;

/**
 * Why a step failed as a whole: the invitation link no longer works, the code from the app is not
 * right, the passkey did not answer, the set-up ran out (sign in again), the network, the server.
 */
export type StaffEnrolmentFailure = 'linkInvalid' | 'invalidCode' | 'passkeyFailed' | 'expired' | 'tooManyRequests' | 'network' | 'serverError';

export type StaffEnrolmentRejection = FormRejection<StaffEnrolmentField, StaffEnrolmentProblem, StaffEnrolmentFailure>;

export interface StaffEnrolmentInput {
  /** The invitation link's token; null when the password is set already (signed in with it, no second factor yet). */
  token: string | null;
  /** Whether this browser's staff session waits for a second factor to be set up (signed in with a password). */
  enrolling: boolean;
}

/** An authenticator app's secret to type in, and the link a phone opens. */
export interface AuthenticatorSetup {
  secret: string;
  uri: string;
}

export interface StaffEnrolmentContext extends FormContext<StaffEnrolmentField, StaffEnrolmentProblem, StaffEnrolmentFailure> {
  token: string | null;
  enrolling: boolean;
  setup: AuthenticatorSetup | null;
  recoveryCodes: string[];
}

export type StaffEnrolmentEvent =
  | FormEvent<StaffEnrolmentField>
  | { type: 'enrol.chooseApp' }
  | { type: 'enrol.choosePasskey' }
  /** Back from the app's set-up to the choice. */
  | { type: 'enrol.back' }
  /** The recovery codes are kept: the console opens. */
  | { type: 'enrol.done' };

export type StaffEnrolmentTag = 'busy';
