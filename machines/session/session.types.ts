import type { UserRole } from './session.contracts';

/** Who is signed in, as the session's checks and sign-in report it. */
export interface SessionStatus {
  userRole: UserRole | null;
  isUserActive: boolean;
  isAccountDisabled?: boolean | undefined;
}

/** What the portal shows about the signed-in account. */
export interface AccountSummary {
  /** Empty for a guest. */
  email: string;
  accountNumber: string;
}

/** A check or sign-in answer: the status, and the account when someone is signed in. */
export interface SessionCheckResult {
  status: SessionStatus;
  account: AccountSummary | null;
}

/** The polled answer: whether to warn, and how long the server session has left. */
export interface ExpiryCheck {
  display: boolean;
  secondsLeft: number;
}

/** Error codes a view turns into translated messages. */
export type SessionErrorCode = 'invalidCredentials' | 'tooManyRequests' | 'network' | 'serverError';

export type Language = 'en-US' | 'es-ES';

export interface Credentials {
  email: string;
  password: string;
  language: Language;
  clientCode?: string;
  billingGroup?: string;
}

export interface GuestCredentials {
  accountNumber: string;
  invoiceNumber: string;
  language: Language;
  clientCode?: string;
  billingGroup?: string;
}

/** Which way of signing in the visitor chose: as a billing user, or as a guest with an invoice. */
export type ChosenRole = UserRole;

/** Why the last sign-out happened: the view says so on the next screen. */
export type LogoutReason = 'user' | 'inactivity';

/** Where the browser goes after signing out: the server's url (or the landing page), or /login. */
export type LogoutDestination = 'serverUrl' | 'login';

export interface SessionContext {
  role: UserRole | null;
  account: AccountSummary | null;
  /** Mirrors the session-storage flag that the active account was disabled. */
  isAccountDisabled: boolean;
  /** An earlier sign-in happened in this page's life. */
  hasLoggedInBefore: boolean;
  chosenRole: ChosenRole | null;
  loginError: SessionErrorCode | null;
  /** Seconds the server session had left at the last check. */
  secondsLeft: number;
  /** Days until the password expires; -1 until known. */
  passwordExpiryDays: number;
  logoutReason: LogoutReason | null;
  logoutDestination: LogoutDestination;
}

export type SessionEvent =
  | { type: 'session.chooseRole'; role: ChosenRole }
  | { type: 'session.clearRole' }
  | ({ type: 'session.login' } & Credentials)
  | ({ type: 'session.guestLogin' } & GuestCredentials)
  | { type: 'session.logout' }
  | { type: 'session.logoutToLogin' }
  | { type: 'session.extend' }
  | { type: 'session.decline' }
  | { type: 'session.acknowledgeExpiry' }
  | { type: 'session.recheck' };

export type SessionTag = 'resolving' | 'signedIn' | 'busy' | 'warning' | 'expiring';
