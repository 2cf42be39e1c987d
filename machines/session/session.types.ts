import type { LoggedInStatus, UserRole } from '@contracts/session';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';

/** What the portal shows about the signed-in account. */
export interface AccountSummary {
  /** Empty for a guest. */
  email: string;
  accountNumber: string;
  /** The client the session is signed in under: its pages, look and payments are that client's. */
  clientCode: string;
  /** The client's billing group the session is under, where the client has several. */
  billingGroup?: string | null;
}

/** A check or sign-in answer: the status, and the account when someone is signed in. */
export interface SessionCheckResult {
  status: LoggedInStatus;
  account: AccountSummary | null;
  /** A billing user's days until the password expires (GetIsPasswordExpired): 0 expired, -1 never; absent for a guest. */
  passwordExpiryDays?: number;
}


/** Error codes a view turns into translated messages. */
/** `invalidRequest`: the server refused what was typed as unusable (too long, characters it does not take). */
/** `accountNotActivated`: the right password of a registration whose activation link was not opened yet. */
export type SessionErrorCode = 'invalidCredentials' | 'invalidRequest' | 'accountNotActivated' | 'tooManyRequests' | 'network' | 'serverError';


/** Which way of signing in the visitor chose: as a billing user, or as a guest with an invoice. */
export type ChosenRole = UserRole;

/** Why the last sign-out happened: the view says so on the next screen. */
/** `elsewhere`: the server session ended well before its time (signed out in another tab or window). */
/** `everywhere`: the user signed out on every device, this one included. */
export type LogoutReason = 'user' | 'inactivity' | 'elsewhere' | 'everywhere';

/** Where the browser goes after signing out: the server's url (or the landing page), or /login. */
/** `loginAndReturn`: the sign-in page, which returns to the page the user was on. */
export type LogoutDestination = 'serverUrl' | 'login' | 'loginAndReturn';

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
  /**
   * When the server session ends (ms since the epoch), as of the last check or extension: the
   * warning counts down to it. Null while nobody is signed in.
   */
  sessionEndsAt: number | null;
  logoutReason: LogoutReason | null;
  logoutDestination: LogoutDestination;
  /** Days until the password expires: 0 once expired (it must be changed first), -1 when it never does. */
  passwordExpiryDays: number;
}

export type SessionEvent =
  | { type: 'session.chooseRole'; role: ChosenRole }
  | { type: 'session.clearRole' }
  | ({ type: 'session.login' } & LoginRequest)
  | ({ type: 'session.guestLogin' } & GuestLoginRequest)
  | { type: 'session.logout' }
  | { type: 'session.signedOutEverywhere' }
  | { type: 'session.passwordChanged'; passwordExpiryDays: number }
  | { type: 'session.extend' }
  | { type: 'session.decline' }
  | { type: 'session.acknowledgeExpiry' }
  | { type: 'session.recheck' }
  | { type: 'session.otherTabSignedOut' }
  | { type: 'session.resume' };

export type SessionTag = 'resolving' | 'checkFailed' | 'signedIn' | 'busy' | 'warning' | 'expiring';

/** What a tab tells the portal's other tabs in this browser (they share one server session). */
export type TabNews = 'signedIn' | 'signedOut';

/** What the session tells its tabs listener: news of this tab, for the others. */
export type TabsEvent = { type: 'tabs.tell'; news: TabNews };
