import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from './session.machine';
import { selectAccount, selectIsSignedIn, selectLoginError } from './session.selectors';
import type { Credentials, SessionCheckResult } from './session.types';

const account = { email: 'pat.doe@example.com', accountNumber: 'A-100200' };
const signedInUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account };
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };
const credentials: Credentials = { email: account.email, password: 'Sunrise#Demo2026', language: 'es-ES', clientCode: 'SUN' };

function arrange(overrides: {
  check?: () => Promise<SessionCheckResult>;
  logIn?: (input: Credentials) => Promise<SessionCheckResult>;
  logOut?: () => Promise<{ url: string }>;
}) {
  const navigateAfterLogout = vi.fn<(url: string) => void>();
  const reportStartupFailure = vi.fn<(error: unknown) => void>();
  const logInCalls: Credentials[] = [];
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
        navigateAfterLogout: (_, { url }) => navigateAfterLogout(url),
        reportStartupFailure: (_, { error }) => reportStartupFailure(error),
      },
    }),
  ).start();
  return { actor, navigateAfterLogout, reportStartupFailure, logInCalls };
}

describe('session', () => {
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
    const snapshot = await waitFor(actor, (s) => s.matches({ anonymous: 'idle' }) && selectLoginError(s) !== null);
    expect(selectLoginError(snapshot)).toBe('invalidCredentials');
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

  it('logs a failed start-up check and carries on signed out', async () => {
    const { actor, reportStartupFailure } = arrange({ check: () => Promise.reject(new Error('offline')) });
    const snapshot = await waitFor(actor, (s) => !s.hasTag('resolving'));
    expect(snapshot.matches('anonymous')).toBe(true);
    expect(reportStartupFailure).toHaveBeenCalledOnce();
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
    expect(navigateAfterLogout).toHaveBeenCalledWith('https://www.sunriselabs.example/');
  });

  it('still signs out locally when the logout call fails', async () => {
    const { actor, navigateAfterLogout } = arrange({
      check: () => Promise.resolve(signedInUser),
      logOut: () => Promise.reject(new Error('offline')),
    });
    await waitFor(actor, selectIsSignedIn);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(navigateAfterLogout).toHaveBeenCalledWith('');
  });
});
