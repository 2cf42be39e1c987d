import { sessionMachine } from '@machines/session/session.machine';
import { selectIsBillingUser, selectIsResolving, selectIsSignedIn } from '@machines/session/session.selectors';
import type { SessionCheckResult } from '@machines/session/session.types';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const account = { email: 'pat.doe@example.com', accountNumber: 'A-100200' };
const activeUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account };
const activeGuest: SessionCheckResult = { status: { userRole: 'ClientBillingGuest', isUserActive: true }, account };
const inactiveUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: false }, account: null };
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };

// The production machine; its effects never settle, so the model's events drive every outcome.
const machine = sessionMachine.provide({
  actors: {
    checkSession: fromPromise(() => never<SessionCheckResult>()),
    logIn: fromPromise(() => never<SessionCheckResult>()),
    logOut: fromPromise(() => never<{ url: string }>()),
  },
  actions: { navigateAfterLogout: () => {}, reportStartupFailure: () => {} },
});

const spec: ModelSpec<typeof machine> = {
  machine,
  events: [
    { type: 'xstate.done.actor.checkSession', output: activeUser },
    { type: 'xstate.done.actor.checkSession', output: activeGuest },
    { type: 'xstate.done.actor.checkSession', output: nobody },
    { type: 'xstate.done.actor.checkSession', output: inactiveUser },
    { type: 'xstate.error.actor.checkSession', error: new Error('offline') },
    { type: 'session.login', email: account.email, password: 'Sunrise#Demo2026', language: 'en-US', clientCode: 'SUN' },
    { type: 'xstate.done.actor.logIn', output: activeUser },
    { type: 'xstate.done.actor.logIn', output: inactiveUser },
    { type: 'xstate.error.actor.logIn', error: { code: 'invalidCredentials' } },
    { type: 'session.logout' },
    { type: 'xstate.done.actor.logOut', output: { url: '' } },
    { type: 'xstate.error.actor.logOut', error: new Error('offline') },
    { type: 'session.recheck' },
  ] as never,
  // Whether an error is shown matters; which one does not multiply the model.
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, role: snapshot.context.role, error: snapshot.context.loginError !== null }),
  assertSnapshot: (snapshot) => {
    expect(selectIsResolving(snapshot)).toBe(snapshot.matches('checking'));
    expect(selectIsSignedIn(snapshot)).toBe(snapshot.matches('signedIn'));
    if (snapshot.matches('signedIn')) {
      expect(snapshot.context.role).not.toBeNull();
      expect(snapshot.context.account).not.toBeNull();
    }
    if (snapshot.matches('anonymous')) {
      expect(snapshot.context.role).toBeNull();
      expect(selectIsBillingUser(snapshot)).toBe(false);
    }
  },
};

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('session machine model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
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
