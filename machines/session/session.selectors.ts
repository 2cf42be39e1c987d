import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The session is still being checked: guards wait, views show nothing final yet. */
export const selectIsResolving = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('resolving');
/** The session is being ended (the server asked to sign out): where the page goes next is the sign-out's to say. */
export const selectIsSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.matches('loggingOut');
/** The session check failed: the page offers to try again. */
export const selectIsCheckFailed = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('checkFailed');
/** A ClientBillingUser or ClientBillingGuest is signed in and active (the sidebar's signed-in mode). */
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('signedIn');
/** A full billing user (not a guest) is signed in: the ClientBillingUser-only routes are open. */
export const selectIsBillingUser = (snapshot: SessionSnapshot): boolean =>
  snapshot.hasTag('signedIn') && snapshot.context.role === 'ClientBillingUser';
/** A guest who signed in with an invoice. */
export const selectIsGuest = (snapshot: SessionSnapshot): boolean =>
  snapshot.hasTag('signedIn') && snapshot.context.role === 'ClientBillingGuest';
/** The signed-in user's account is disabled: invoice and payment items are hidden. */
export const selectIsAccountDisabled = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: { access: 'accountDisabled' } });
/** A billing user must change the password before anything else: every page leads to update password. */
export const selectIsPasswordExpired = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: { access: 'passwordExpired' } });
/** The sidebar shows the role chooser: nobody is signed in and no way of signing in was picked. */
export const selectShowsRoleChooser = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ anonymous: 'roleNotChosen' });
export const selectChosenRole = (snapshot: SessionSnapshot) => snapshot.context.chosenRole;
export const selectRole = (snapshot: SessionSnapshot) => snapshot.context.role;
export const selectAccount = (snapshot: SessionSnapshot) => snapshot.context.account;
/** The client a signed-in session belongs to; null when nobody is signed in. */
export const selectSessionClientCode = (snapshot: SessionSnapshot): string | null =>
  selectIsSignedIn(snapshot) ? (snapshot.context.account?.clientCode ?? null) : null;
export const selectLoginError = (snapshot: SessionSnapshot) => snapshot.context.loginError;
/**
 * The last failed sign-in's error, when it was a billing user's and is not being retried: the
 * session keeps one error for both ways of signing in, and each form shows only its own.
 */
export const selectUserSignInError = (snapshot: SessionSnapshot) =>
  snapshot.context.chosenRole === 'ClientBillingUser' && !selectIsAuthenticating(snapshot) ? snapshot.context.loginError : null;
/** The last failed guest sign-in's error, when it is not being retried. */
export const selectGuestSignInError = (snapshot: SessionSnapshot) =>
  snapshot.context.chosenRole === 'ClientBillingGuest' && !selectIsAuthenticating(snapshot) ? snapshot.context.loginError : null;
export const selectIsAuthenticating = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ anonymous: 'authenticating' }) || snapshot.matches({ anonymous: 'authenticatingGuest' });
/** The session-ending warning is open. */
export const selectIsWarning = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('warning');
/** When the server session ends (ms since the epoch), as of the last check; null when signed out. */
export const selectSessionEndsAt = (snapshot: SessionSnapshot): number | null => snapshot.context.sessionEndsAt;
/** The session is being extended after the user chose to continue. */
export const selectIsExtending = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: { expiry: 'extending' } });
/** The inactivity notice is shown before signing out. */
export const selectIsExpiring = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('expiring');
/** The session is ending: its warning, or the inactivity notice, is open. */
export const selectIsEnding = (snapshot: SessionSnapshot): boolean => selectIsWarning(snapshot) || selectIsExpiring(snapshot);
/** Why the last sign-out happened (null before any). */
export const selectLogoutReason = (snapshot: SessionSnapshot) =>
  snapshot.hasTag('signedIn') ? null : snapshot.context.logoutReason;

/** Which signed-in menu items the session allows (spec sections 4 and 6). */
export interface SessionMenu {
  viewInvoices: boolean;
  memberInformation: boolean;
  documents: boolean;
  updateEmail: boolean;
  updatePassword: boolean;
  /** Switching to another provider where the user has an account too. */
  switchClients: boolean;
  /** Also needs the client to accept online payments. */
  onlinePayment: boolean;
  otherPayment: boolean;
}

/**
 * The signed-in menu's rules: billing users see the account items, guests only invoices and
 * payments; a disabled account hides the invoice-related items, update email and both payments;
 * an expired password offers only its change (every other page leads there).
 */
export const selectSessionMenu = (snapshot: SessionSnapshot): SessionMenu => {
  const open = snapshot.hasTag('signedIn') && !selectIsPasswordExpired(snapshot);
  const user = open && selectIsBillingUser(snapshot);
  const enabled = open && !selectIsAccountDisabled(snapshot);
  return {
    viewInvoices: enabled,
    memberInformation: user,
    documents: user && enabled,
    updateEmail: user && enabled,
    updatePassword: selectIsBillingUser(snapshot),
    switchClients: user,
    onlinePayment: enabled,
    otherPayment: enabled,
  };
};
