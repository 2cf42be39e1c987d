/**
 * The vocabulary of keeping a staff member signed in to the billing office's console: what the
 * poll of the time left and staying signed in answer, what the machine keeps, and the events the
 * console sends it.
 */
import type { StaffExtended, StaffTimeLeft } from '@contracts/console';

export type { StaffExtended, StaffTimeLeft };

/** Why staying signed in failed while the session still runs: the network, or the server. */
export type StaffSessionFailure = 'network' | 'serverError';

export interface StaffSessionInput {
  /** Who is signed in: a sign-in in place as someone else opens the console afresh. */
  email: string;
  /** Seconds the session had left when the console loaded it. */
  secondsLeft: number;
}

export interface StaffSessionContext {
  email: string;
  /** Seconds the session had left at the last answer. */
  secondsLeft: number;
  /** When the session ends (ms since the epoch), as of the last answer: the warning counts down to it. */
  sessionEndsAt: number;
  /** The last attempt to stay signed in failed, and why (said in the warning). */
  failure: StaffSessionFailure | null;
}

export type StaffSessionEvent =
  /** Stay signed in, from the warning. */
  | { type: 'staffSession.stay' }
  /** Sign out, from the warning or from the notice that the session ended. */
  | { type: 'staffSession.signOut' }
  /** A console call was refused because the session had ended (401 notSignedIn). */
  | { type: 'staffSession.refused' }
  /** The sign-in in place is done: who signed in, and how long their new session has. */
  | { type: 'staffSession.signedIn'; email: string; secondsLeft: number };

export type StaffSessionTag = 'warning' | 'ended' | 'busy';
