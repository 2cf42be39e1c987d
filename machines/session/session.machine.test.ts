import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sessionMachine } from './session.machine';
import {
  selectAccount,
  selectIsExpiring,
  selectIsCheckFailed,
  selectIsPasswordExpired,
  selectIsSignedIn,
  selectIsWarning,
  selectLoginError,
  selectLogoutReason,
  selectSessionEndsAt,
} from './session.selectors';
import type { LoginRequest } from '@contracts/session-requests';
import type { SessionCheckResult } from './session.types';

const account = { email: 'pat.doe@example.com', accountNumber: 'A-100200', clientCode: 'SUN' };
const signedInUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account };
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };
const credentials: LoginRequest = { email: account.email, password: 'Sunrise#Demo2026', language: 'es-ES', clientCode: 'SUN' };

function arrange(overrides: {
  check?: () => Promise<SessionCheckResult>;
  logIn?: (input: LoginRequest) => Promise<SessionCheckResult>;
  logOut?: () => Promise<{ url: string }>;
}) {
  const navigateAfterLogout = vi.fn<(url: string, destination: string) => void>();
  const reportStartupFailure = vi.fn<(error: unknown) => void>();
  const logInCalls: LoginRequest[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(overrides.check ?? (() => Promise.resolve(nobody))),
        logIn: fromPromise(({ input }) => {
          logInCalls.push(input);
          return (overrides.logIn ?? (() => Promise.resolve(signedInUser)))(input);
        }),
        logOut: fromPromise(overrides.logOut ?? (() => Promise.resolve({ url: '' }))),
      },
      actions: {
        navigateAfterLogout: (_, { url, destination }) => navigateAfterLogout(url, destination),
        reportStartupFailure: (_, { error }) => reportStartupFailure(error),
      },
    }),
  ).start();
  return { actor, navigateAfterLogout, reportStartupFailure, logInCalls };
}

describe('session', () => {
  it('starts with the password expiry unknown (-1), as the specification says', () => {
    const { actor } = arrange({ check: () => new Promise<SessionCheckResult>(() => {}) });
    expect(actor.getSnapshot().context.passwordExpiryDays).toBe(-1);
  });

  it('holds a user whose password expired to the password change, and lets go once it is changed', async () => {
    const { actor } = arrange({ logIn: () => Promise.resolve({ ...signedInUser, passwordExpiryDays: 0 }) });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    const held = await waitFor(actor, selectIsSignedIn);
    expect(selectIsPasswordExpired(held)).toBe(true);
    expect(held.context.passwordExpiryDays).toBe(0);

    actor.send({ type: 'session.passwordChanged', passwordExpiryDays: -1 });
    expect(selectIsPasswordExpired(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ signedIn: { access: 'user' } })).toBe(true);
    expect(actor.getSnapshot().context.passwordExpiryDays).toBe(-1);
  });

  it('learns the days left of a password that has not expired, and forgets them on signing out', async () => {
    const { actor } = arrange({ check: () => Promise.resolve({ ...signedInUser, passwordExpiryDays: 12 }) });
    const snapshot = await waitFor(actor, selectIsSignedIn);
    expect([selectIsPasswordExpired(snapshot), snapshot.context.passwordExpiryDays]).toEqual([false, 12]);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.passwordExpiryDays).toBe(-1);
  });

  it('signs in with the credentials, language and client the view sent', async () => {
    const { actor, logInCalls } = arrange({});
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    const snapshot = await waitFor(actor, selectIsSignedIn);
    expect(logInCalls).toEqual([credentials]);
    expect(selectAccount(snapshot)).toEqual(account);
    expect(snapshot.context.hasLoggedInBefore).toBe(true);
  });

  it('keeps the visitor signed out with the error code when the password is wrong', async () => {
    const { actor } = arrange({ logIn: () => Promise.reject(Object.assign(new Error('401'), { code: 'invalidCredentials' })) });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    const snapshot = await waitFor(actor, (s) => s.matches({ anonymous: 'roleChosen' }) && selectLoginError(s) !== null);
    expect(selectLoginError(snapshot)).toBe('invalidCredentials');
  });

  it('keeps the visitor signed out and says so when the account waits for its activation link', async () => {
    const { actor } = arrange({ logIn: () => Promise.reject(Object.assign(new Error('403'), { code: 'accountNotActivated' })) });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    const snapshot = await waitFor(actor, (s) => s.matches({ anonymous: 'roleChosen' }) && selectLoginError(s) !== null);
    expect(selectLoginError(snapshot)).toBe('accountNotActivated');
  });

  it('treats an unexpected failure as a server error, never as a crash', async () => {
    const { actor } = arrange({ logIn: () => Promise.reject(new TypeError('boom')) });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    const snapshot = await waitFor(actor, (s) => selectLoginError(s) !== null);
    expect(selectLoginError(snapshot)).toBe('serverError');
  });

  it('clears the error when the user tries again', async () => {
    let attempt = 0;
    const { actor } = arrange({
      logIn: () => (++attempt === 1 ? Promise.reject(Object.assign(new Error('401'), { code: 'invalidCredentials' })) : new Promise<SessionCheckResult>(() => {})),
    });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', ...credentials });
    await waitFor(actor, (s) => selectLoginError(s) === 'invalidCredentials');
    actor.send({ type: 'session.login', ...credentials });
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
  });

  it('recognises an existing session at start-up', async () => {
    const { actor } = arrange({ check: () => Promise.resolve(signedInUser) });
    const snapshot = await waitFor(actor, (s) => !s.hasTag('resolving'));
    expect(selectIsSignedIn(snapshot)).toBe(true);
  });

  it('logs a failed start-up check, says so rather than assuming nobody is signed in, and checks again on Try again', async () => {
    let calls = 0;
    const { actor, reportStartupFailure } = arrange({
      check: () => (calls++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve(signedInUser)),
    });
    const failed = await waitFor(actor, (s) => s.matches('checkFailed'));
    expect(selectIsCheckFailed(failed)).toBe(true);
    expect(selectIsSignedIn(failed)).toBe(false);
    expect(reportStartupFailure).toHaveBeenCalledOnce();
    actor.send({ type: 'session.recheck' });
    const snapshot = await waitFor(actor, (s) => !s.hasTag('resolving'));
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(calls).toBe(2);
  });

  it('signs out, forgets the user and navigates with the url the server gave', async () => {
    const { actor, navigateAfterLogout } = arrange({
      check: () => Promise.resolve(signedInUser),
      logOut: () => Promise.resolve({ url: 'https://www.sunriselabs.example/' }),
    });
    await waitFor(actor, selectIsSignedIn);
    actor.send({ type: 'session.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(snapshot.context.role).toBeNull();
    expect(selectAccount(snapshot)).toBeNull();
    expect(navigateAfterLogout).toHaveBeenCalledWith('https://www.sunriselabs.example/', 'serverUrl');
  });

  it('still signs out locally when the logout call fails', async () => {
    const { actor, navigateAfterLogout } = arrange({
      check: () => Promise.resolve(signedInUser),
      logOut: () => Promise.reject(new Error('offline')),
    });
    await waitFor(actor, selectIsSignedIn);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(navigateAfterLogout).toHaveBeenCalledWith('', 'serverUrl');
  });
});

describe('keeping the session alive', () => {
  function arrangeSignedIn(expiry: () => Promise<{ display: boolean; secondsLeft: number }>, extend = () => Promise.resolve({ secondsLeft: 900 })) {
    const clock = new SimulatedClock();
    const navigateAfterLogout = vi.fn<(url: string, destination: string) => void>();
    const checks = vi.fn(expiry);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          checkSession: fromPromise(() => Promise.resolve(signedInUser)),
          checkExpiry: fromPromise(checks),
          extendAuthentication: fromPromise(extend),
          logOut: fromPromise(() => Promise.resolve({ url: '' })),
        },
        actions: { navigateAfterLogout: (_, { url, destination }) => navigateAfterLogout(url, destination) },
      }),
      { clock },
    ).start();
    return { actor, clock, checks, navigateAfterLogout };
  }

  it('asks the server every 10 seconds while signed in, and not before', async () => {
    const { actor, clock, checks } = arrangeSignedIn(() => Promise.resolve({ display: false, secondsLeft: 800 }));
    await waitFor(actor, selectIsSignedIn);
    clock.increment(9999);
    expect(checks).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'waiting' } }) && checks.mock.calls.length === 1);
    clock.increment(10000);
    await waitFor(actor, () => checks.mock.calls.length === 2);
  });

  it('asks again no later than the end of the session the last answer announced, so its end is noticed when it comes', async () => {
    // Only Date is faked: the machine's own timers run on the simulated clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.parse('2026-03-02T10:00:00Z');
      vi.setSystemTime(start);
      const answers = [
        { display: false, secondsLeft: 3 },
        { display: false, secondsLeft: 0 },
      ];
      const { actor, clock, checks } = arrangeSignedIn(() => Promise.resolve(answers.shift() ?? { display: false, secondsLeft: 0 }));
      await waitFor(actor, selectIsSignedIn);
      clock.increment(10000);
      await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'waiting' } }) && checks.mock.calls.length === 1);
      // Three seconds were left: the next question comes then, not ten seconds later.
      clock.increment(2999);
      vi.setSystemTime(start + 10000 + 2999);
      expect(checks).toHaveBeenCalledTimes(1);
      clock.increment(1);
      vi.setSystemTime(start + 13000);
      await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'expiring' } }));
      expect(checks).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps polling in a page that resumed the session from a snapshot (a server-rendered first screen)', async () => {
    const server = createActor(sessionMachine.provide({ actors: { checkSession: fromPromise(() => Promise.resolve(signedInUser)) } })).start();
    await waitFor(server, selectIsSignedIn);
    const snapshot = JSON.parse(JSON.stringify(server.getPersistedSnapshot())) as ReturnType<typeof server.getPersistedSnapshot>;
    server.stop();
    const clock = new SimulatedClock();
    const checks = vi.fn(() => Promise.resolve({ display: false, secondsLeft: 800 }));
    const browser = createActor(sessionMachine.provide({ actors: { checkExpiry: fromPromise(checks) } }), { clock, snapshot }).start();
    expect(selectIsSignedIn(browser.getSnapshot())).toBe(true);
    browser.send({ type: 'session.resume' });
    clock.increment(10000);
    await waitFor(browser, () => checks.mock.calls.length === 1);
  });

  it('tells a session ended in another tab from one ended by inactivity, and goes to sign in, returning here', async () => {
    const answers = [
      { display: false, secondsLeft: 800 },
      { display: false, secondsLeft: 0 },
    ];
    const { actor, clock, navigateAfterLogout } = arrangeSignedIn(() => Promise.resolve(answers.shift() ?? { display: false, secondsLeft: 0 }));
    await waitFor(actor, selectIsSignedIn);
    clock.increment(10000);
    await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'waiting' } }) && s.context.sessionEndsAt !== null);
    clock.increment(10000);
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(snapshot.context.logoutReason).toBe('elsewhere');
    expect(navigateAfterLogout).toHaveBeenCalledWith('', 'loginAndReturn');
  });

  it('opens the warning when the server says so, and continuing extends the session and polls again', async () => {
    const extend = vi.fn(() => Promise.resolve({ secondsLeft: 900 }));
    const { actor, clock } = arrangeSignedIn(() => Promise.resolve({ display: true, secondsLeft: 100 }), extend);
    await waitFor(actor, selectIsSignedIn);
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    actor.send({ type: 'session.extend' });
    await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'waiting' } }));
    expect(extend).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.secondsLeft).toBe(900);
  });

  it('keeps when the session ends as an instant, so the warning can count down to it, and an extension moves it', async () => {
    // Only Date is faked: the machine's own timers run on the simulated clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.parse('2026-03-02T10:00:00Z');
      vi.setSystemTime(start);
      const { actor, clock } = arrangeSignedIn(() => Promise.resolve({ display: true, secondsLeft: 107 }));
      await waitFor(actor, selectIsSignedIn);
      expect(selectSessionEndsAt(actor.getSnapshot())).toBeNull();
      clock.increment(10000);
      vi.setSystemTime(start + 10000);
      const warning = await waitFor(actor, selectIsWarning);
      expect(selectSessionEndsAt(warning)).toBe(start + 10000 + 107000);
      vi.setSystemTime(start + 30000);
      actor.send({ type: 'session.extend' });
      const extended = await waitFor(actor, (s) => s.matches({ signedIn: { expiry: 'waiting' } }));
      expect(selectSessionEndsAt(extended)).toBe(start + 30000 + 900000);
      actor.send({ type: 'session.logout' });
      expect(selectSessionEndsAt(await waitFor(actor, (s) => s.matches('anonymous')))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs out with the inactivity message to the login page when nobody answers the warning in time', async () => {
    const { actor, clock, navigateAfterLogout } = arrangeSignedIn(() => Promise.resolve({ display: true, secondsLeft: 100 }));
    await waitFor(actor, selectIsSignedIn);
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    clock.increment(99999);
    expect(selectIsWarning(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsExpiring(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.acknowledgeExpiry' });
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(selectLogoutReason(snapshot)).toBe('inactivity');
    expect(navigateAfterLogout).toHaveBeenCalledWith('', 'login');
  });

  it('treats a failed extension like declining: the inactivity message, then sign-out', async () => {
    const { actor, clock } = arrangeSignedIn(
      () => Promise.resolve({ display: true, secondsLeft: 100 }),
      () => Promise.reject(new Error('expired')),
    );
    await waitFor(actor, selectIsSignedIn);
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    actor.send({ type: 'session.extend' });
    await waitFor(actor, selectIsExpiring);
    clock.increment(30000);
    await waitFor(actor, (s) => s.matches('anonymous'));
  });

  it('after signing out on every device, goes to the login page, which says so', async () => {
    const { actor, navigateAfterLogout } = arrangeSignedIn(() => Promise.resolve({ display: false, secondsLeft: 800 }));
    await waitFor(actor, selectIsSignedIn);
    actor.send({ type: 'session.signedOutEverywhere' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(navigateAfterLogout).toHaveBeenCalledWith('', 'login');
    expect(selectLogoutReason(actor.getSnapshot())).toBe('everywhere');
  });
});
