import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The session is still being checked: guards wait, views show nothing final yet. */
export const selectIsResolving = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('resolving');
/** A ClientBillingUser or ClientBillingGuest is signed in and active. */
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('signedIn');
/** A full billing user (not a guest) is signed in. */
export const selectIsBillingUser = (snapshot: SessionSnapshot): boolean =>
  snapshot.hasTag('signedIn') && snapshot.context.role === 'ClientBillingUser';
export const selectRole = (snapshot: SessionSnapshot) => snapshot.context.role;
export const selectAccount = (snapshot: SessionSnapshot) => snapshot.context.account;
export const selectLoginError = (snapshot: SessionSnapshot) => snapshot.context.loginError;
export const selectIsAuthenticating = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ anonymous: 'authenticating' });
