import type { AccountUser } from '@contracts/console-work';

export type HelpKind = 'resendActivation' | 'endSessions' | 'clearLock';

/** Why a help action failed: activated already, too many emails lately, signed out meanwhile, the network, the server. */
export type PatientHelpFailure = 'alreadyActivated' | 'tooManyRequests' | 'expired' | 'network' | 'serverError';

/** What was just done for whom, said above the list. */
export type PatientHelpNotice = { kind: HelpKind; email: string; count: number } | null;

export interface PatientHelpContext {
  users: AccountUser[];
  /** The action under way (or the last one), for whom. */
  pending: { kind: HelpKind; userId: number } | null;
  notice: PatientHelpNotice;
  failure: PatientHelpFailure | null;
}

export type PatientHelpEvent =
  | { type: 'help.resendActivation'; userId: number }
  | { type: 'help.endSessions'; userId: number }
  | { type: 'help.clearLock'; userId: number };
