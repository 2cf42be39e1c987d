import { sessionDelays, sessionMachine } from '@machines/session/session.machine';
import {
  selectIsAccountDisabled,
  selectIsBillingUser,
  selectIsExpiring,
  selectIsGuest,
  selectIsCheckFailed,
  selectIsResolving,
  selectIsSignedIn,
  selectIsWarning,
  selectSessionEndsAt,
  selectShowsRoleChooser,
} from '@machines/session/session.selectors';
import type { AuthenticationMessage } from '@contracts/session';
import type { SessionCheckResult } from '@machines/session/session.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, errorCode, type Event, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const account = { email: 'pat.doe@example.com', accountNumber: 'A-100200', clientCode: 'SUN' };
const activeUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account };
const disabledUser: SessionCheckResult = {
  status: { userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: true },
  account,
};
const activeGuest: SessionCheckResult = {
  status: { userRole: 'ClientBillingGuest', isUserActive: true },
  account: { email: '', accountNumber: 'A-778899', clientCode: 'SUN' },
};
/** A billing user whose password the office marked for change. */
const expiredUser: SessionCheckResult = { ...activeUser, passwordExpiryDays: 0 };
const inactiveUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: false }, account: null };
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };
const plentyLeft: AuthenticationMessage = { display: false, secondsLeft: 600 };
const warnNow: AuthenticationMessage = { display: true, secondsLeft: 90 };
const ended: AuthenticationMessage = { display: false, secondsLeft: 0 };

// The production machine; its effects never settle, so the model's events drive every outcome.
const machine = sessionMachine.provide({
  actors: {
    checkSession: fromPromise(() => never<SessionCheckResult>()),
    logIn: fromPromise(() => never<SessionCheckResult>()),
    logInGuest: fromPromise(() => never<SessionCheckResult>()),
    checkExpiry: fromPromise(() => never<AuthenticationMessage>()),
    extendAuthentication: fromPromise(() => never<{ secondsLeft: number }>()),
    logOut: fromPromise(() => never<{ url: string }>()),
  },
  actions: { navigateAfterLogout: () => {}, reportStartupFailure: () => {}, rememberAccountDisabled: () => {} },
});

const credentials = { email: account.email, password: 'Sunrise#Demo2026', language: 'en-US', clientCode: 'SUN' } as const;
const guestCredentials = { accountNumber: 'A-778899', invoiceNumber: 'SUN-100042', language: 'es-ES', clientCode: 'SUN' } as const;

/** Done on a page or in the menu: not while a session dialog (modal) holds the page, and never by a guest. */
const pageActions = new Set(['session.logout', 'session.signedOutEverywhere', 'session.passwordChanged']);

const events: Event<typeof machine>[] = [
    { type: 'xstate.done.actor.checkSession', output: activeUser },
    { type: 'xstate.done.actor.checkSession', output: disabledUser },
    { type: 'xstate.done.actor.checkSession', output: activeGuest },
    { type: 'xstate.done.actor.checkSession', output: nobody },
    { type: 'xstate.done.actor.checkSession', output: inactiveUser },
    { type: 'xstate.error.actor.checkSession', error: new Error('offline') },
    { type: 'session.chooseRole', role: 'ClientBillingUser' },
    { type: 'session.chooseRole', role: 'ClientBillingGuest' },
    { type: 'session.clearRole' },
    { type: 'session.login', ...credentials },
    { type: 'xstate.done.actor.logIn', output: activeUser },
    { type: 'xstate.done.actor.logIn', output: disabledUser },
    { type: 'xstate.done.actor.logIn', output: expiredUser },
    { type: 'session.passwordChanged', passwordExpiryDays: -1 },
    { type: 'xstate.done.actor.logIn', output: inactiveUser },
    { type: 'xstate.error.actor.logIn', error: { code: 'invalidCredentials' } },
    { type: 'session.guestLogin', ...guestCredentials },
    { type: 'xstate.done.actor.logInGuest', output: activeGuest },
    { type: 'xstate.done.actor.logInGuest', output: nobody },
    { type: 'xstate.error.actor.logInGuest', error: { code: 'tooManyRequests' } },
    { type: 'xstate.after.pollInterval.session.signedIn.expiry.waiting' },
    { type: 'xstate.done.actor.checkExpiry', output: plentyLeft },
    { type: 'xstate.done.actor.checkExpiry', output: warnNow },
    { type: 'xstate.done.actor.checkExpiry', output: ended },
    { type: 'xstate.error.actor.checkExpiry', error: new Error('offline') },
    { type: 'session.extend' },
    { type: 'session.decline' },
    { type: 'xstate.after.sessionEnd.session.signedIn.expiry.warning' },
    { type: 'xstate.done.actor.extendAuthentication', output: { secondsLeft: 900 } },
    { type: 'xstate.error.actor.extendAuthentication', error: new Error('offline') },
    { type: 'session.acknowledgeExpiry' },
    { type: 'xstate.after.inactivityNoticeTimeout.session.signedIn.expiry.expiring' },
    { type: 'session.logout' },
    { type: 'session.signedOutEverywhere' },
    { type: 'xstate.done.actor.logOut', output: { url: '' } },
    { type: 'xstate.error.actor.logOut', error: new Error('offline') },
    { type: 'session.recheck' },
    { type: 'session.otherTabSignedOut' },
    { type: 'session.resume' },
];

const spec: ModelSpec<typeof machine> = {
  machine,
  events: (snapshot) => {
    const dialogOpen = snapshot.matches({ signedIn: { expiry: 'warning' } }) || snapshot.matches({ signedIn: { expiry: 'expiring' } });
    const guest = snapshot.matches({ signedIn: { access: 'guest' } });
    return events.filter((event) => {
      if (!pageActions.has(event.type)) return true;
      if (dialogOpen) return false;
      return !guest || event.type === 'session.logout';
    });
  },
  delays: {
    ...sessionDelays,
    sessionEnd: (snapshot) => snapshot.context.secondsLeft * 1000,
  },
  // Which error, which account or how many seconds does not multiply the model; these do.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      role: snapshot.context.role,
      chosen: snapshot.context.chosenRole,
      error: snapshot.context.loginError !== null,
      destination: snapshot.context.logoutDestination,
      // A known end (after a poll) lets an ended session be told apart from one ended elsewhere,
      // when that end was still well ahead (hasEndedEarly): the two must not share a state.
      knowsEnd:
        snapshot.context.sessionEndsAt === null ? 'no' : snapshot.context.sessionEndsAt - Date.now() > 15000 ? 'ahead' : 'near',
    }),
  assertSnapshot: (snapshot) => {
    // A failed check resolves nothing: guarded pages wait for the visitor to try again.
    expect(selectIsResolving(snapshot)).toBe(snapshot.matches('checking') || snapshot.matches('checkFailed'));
    expect(selectIsCheckFailed(snapshot)).toBe(snapshot.matches('checkFailed'));
    expect(selectIsSignedIn(snapshot)).toBe(snapshot.matches('signedIn'));
    if (snapshot.matches('signedIn')) {
      expect(snapshot.context.role).not.toBeNull();
      expect(snapshot.context.account).not.toBeNull();
      expect(selectIsGuest(snapshot)).toBe(snapshot.matches({ signedIn: { access: 'guest' } }));
      expect(selectIsBillingUser(snapshot)).toBe(!selectIsGuest(snapshot));
      expect(selectIsAccountDisabled(snapshot)).toBe(snapshot.context.isAccountDisabled);
      expect(selectIsWarning(snapshot)).toBe(snapshot.matches({ signedIn: { expiry: 'warning' } }));
      expect(selectIsExpiring(snapshot)).toBe(snapshot.matches({ signedIn: { expiry: 'expiring' } }));
      // The warning always has an instant to count down to.
      if (selectIsWarning(snapshot)) expect(selectSessionEndsAt(snapshot)).not.toBeNull();
      if (selectIsExpiring(snapshot)) expect(snapshot.context.logoutReason).toBe('inactivity');
    } else {
      // Checking again or signing out: nothing is signed in, whatever the context still holds.
      expect(selectIsBillingUser(snapshot)).toBe(false);
      expect(selectIsWarning(snapshot)).toBe(false);
    }
    if (snapshot.matches('anonymous')) {
      expect(snapshot.context.role).toBeNull();
      expect(selectSessionEndsAt(snapshot)).toBeNull();
      expect(snapshot.context.isAccountDisabled).toBe(false);
      expect(selectIsBillingUser(snapshot)).toBe(false);
      expect(selectIsWarning(snapshot)).toBe(false);
    }
    expect(selectShowsRoleChooser(snapshot)).toBe(snapshot.matches({ anonymous: 'roleNotChosen' }));
  },
};

/** Who a check or sign-in answer says is signed in, in words. */
function who({ status, passwordExpiryDays }: SessionCheckResult): string {
  if (status.userRole === null) return 'nobody is signed in';
  const role = status.userRole === 'ClientBillingGuest' ? 'guest' : 'billing user';
  if (!status.isUserActive) return `an inactive ${role}`;
  if (passwordExpiryDays === 0) return `an active ${role} whose password has expired`;
  return status.isAccountDisabled === true ? `a ${role} whose account is disabled` : `an active ${role}`;
}

/** What the expiry poll answered, in words. */
function pollAnswer({ display, secondsLeft }: AuthenticationMessage): string {
  if (secondsLeft <= 0) return 'the session has ended';
  return display ? 'the warning is due' : 'plenty of time is left';
}

/** The session: signing in and out, and keeping the session alive. */
export const sessionModel = defineModel({
  name: 'session',
  title: 'Session',
  machine,
  variants: [{ name: 'a page opened', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.checkSession':
        return `The session check says ${who(event.output as SessionCheckResult)}`;
      case 'xstate.error.actor.checkSession':
        return `The session check fails (${errorCode(event.error)})`;
      case 'session.chooseRole':
        return event.role === 'ClientBillingGuest' ? 'Chooses to sign in as a guest' : 'Chooses to sign in as a billing user';
      case 'session.clearRole':
        return 'Goes to the home page, back to choosing how to sign in';
      case 'session.passwordChanged':
        return 'Changes the password (it no longer expires)';
      case 'session.login':
        return `Signs in as ${event.email} with a password`;
      case 'xstate.done.actor.logIn':
        return `The sign-in answers: ${who(event.output as SessionCheckResult)}`;
      case 'xstate.error.actor.logIn':
        return `The sign-in is refused (${errorCode(event.error)})`;
      case 'session.guestLogin':
        return `Signs in as a guest with account ${event.accountNumber} and invoice ${event.invoiceNumber}`;
      case 'xstate.done.actor.logInGuest':
        return `The guest sign-in answers: ${who(event.output as SessionCheckResult)}`;
      case 'xstate.error.actor.logInGuest':
        return `The guest sign-in is refused (${errorCode(event.error)})`;
      case 'xstate.after.pollInterval.session.signedIn.expiry.waiting':
        return 'The poll interval passes';
      case 'xstate.done.actor.checkExpiry':
        return `The poll answers: ${pollAnswer(event.output as AuthenticationMessage)}`;
      case 'xstate.error.actor.checkExpiry':
        return `The poll fails (${errorCode(event.error)})`;
      case 'session.extend':
        return 'Chooses to continue the session';
      case 'session.decline':
        return 'Chooses not to continue';
      case 'xstate.after.sessionEnd.session.signedIn.expiry.warning':
        return 'The session runs out while the warning is open';
      case 'xstate.done.actor.extendAuthentication':
        return 'The server extends the session';
      case 'xstate.error.actor.extendAuthentication':
        return `Extending the session fails (${errorCode(event.error)})`;
      case 'session.acknowledgeExpiry':
        return 'Acknowledges the inactivity notice';
      case 'xstate.after.inactivityNoticeTimeout.session.signedIn.expiry.expiring':
        return 'Nobody acknowledges the inactivity notice in time';
      case 'session.logout':
        return 'Signs out';
      case 'xstate.done.actor.logOut':
        return 'The server ends the session';
      case 'xstate.error.actor.logOut':
        return `Signing out fails on the server (${errorCode(event.error)})`;
      case 'session.signedOutEverywhere':
        return 'Signs out on every device from the member information page';
      case 'session.recheck':
        return 'Asks for the session to be checked again (Try again, or another tab signs in)';
      case 'session.otherTabSignedOut':
        return 'Another tab of this browser signs out';
      case 'session.resume':
        return 'The page resumes the session from the server-rendered first screen';
      default:
        return event.type;
    }
  },
});
