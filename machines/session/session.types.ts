import type { UserRole } from './session.contracts';

/** Who is signed in, as the session's checks and sign-in report it. */
export interface SessionStatus {
  userRole: UserRole | null;
  isUserActive: boolean;
}

/** What the portal shows about the signed-in account. */
export interface AccountSummary {
  email: string;
  accountNumber: string;
}

/** A check or sign-in answer: the status, and the account when someone is signed in. */
export interface SessionCheckResult {
  status: SessionStatus;
  account: AccountSummary | null;
}

/** Error codes a view turns into translated messages. */
export type SessionErrorCode = 'invalidCredentials' | 'tooManyRequests' | 'network' | 'serverError';

export interface Credentials {
  email: string;
  password: string;
  language: 'en-US' | 'es-ES';
  clientCode?: string;
  billingGroup?: string;
}

export interface SessionContext {
  role: UserRole | null;
  account: AccountSummary | null;
  /** An earlier sign-in happened in this page's life. */
  hasLoggedInBefore: boolean;
  loginError: SessionErrorCode | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.logout' }
  | { type: 'session.recheck' };

export type SessionTag = 'resolving' | 'signedIn' | 'busy';
