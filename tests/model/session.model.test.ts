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
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

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

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
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
    { type: 'session.logoutToLogin' },
    { type: 'session.signedOutEverywhere' },
    { type: 'xstate.done.actor.logOut', output: { url: '' } },
    { type: 'xstate.error.actor.logOut', error: new Error('offline') },
    { type: 'session.recheck' },
    { type: 'session.resume' },
  ],
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
      // A known end (after a poll) lets an ended session be told apart from one ended elsewhere.
      knowsEnd: snapshot.context.sessionEndsAt !== null,
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

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('session machine model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('session');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
