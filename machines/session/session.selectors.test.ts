import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import type { SessionErrorCode } from './session.types';
import { sessionMachine } from './session.machine';
import { selectGuestSignInError, selectSessionClientCode, selectSessionMenu, selectUserSignInError, type SessionMenu } from './session.selectors';
import type { SessionCheckResult } from './session.types';

/** A real snapshot of the machine, signed in as the check says. */
async function snapshotFor(result: SessionCheckResult) {
  const actor = createActor(
    sessionMachine.provide({ actors: { checkSession: fromPromise(() => Promise.resolve(result)) } }),
  ).start();
  const snapshot = await waitFor(actor, (s) => !s.hasTag('resolving'));
  actor.stop();
  return snapshot;
}

const account = { email: 'x@example.com', accountNumber: 'A-1', clientCode: 'SUN' };
const none: SessionMenu = {
  viewInvoices: false,
  memberInformation: false,
  documents: false,
  updateEmail: false,
  updatePassword: false,
  switchClients: false,
  onlinePayment: false,
  otherPayment: false,
};

describe('the signed-in menu rules', () => {
  it('gives a billing user every item', async () => {
    const snapshot = await snapshotFor({ status: { userRole: 'ClientBillingUser', isUserActive: true }, account });
    expect(Object.values(selectSessionMenu(snapshot)).every(Boolean)).toBe(true);
  });

  it('gives a guest only invoices and payments', async () => {
    const snapshot = await snapshotFor({ status: { userRole: 'ClientBillingGuest', isUserActive: true }, account });
    expect(selectSessionMenu(snapshot)).toEqual({ ...none, viewInvoices: true, onlinePayment: true, otherPayment: true });
  });

  it('hides invoices, documents, update email and payments from a disabled account, which may still switch provider', async () => {
    const snapshot = await snapshotFor({
      status: { userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: true },
      account,
    });
    expect(selectSessionMenu(snapshot)).toEqual({ ...none, memberInformation: true, updatePassword: true, switchClients: true });
  });

  it('offers a billing user whose password has expired only its change', async () => {
    const snapshot = await snapshotFor({ status: { userRole: 'ClientBillingUser', isUserActive: true }, account, passwordExpiryDays: 0 });
    expect(selectSessionMenu(snapshot)).toEqual({ ...none, updatePassword: true });
  });

  it('allows nothing when nobody is signed in', async () => {
    const snapshot = await snapshotFor({ status: { userRole: null, isUserActive: false }, account: null });
    expect(selectSessionMenu(snapshot)).toEqual(none);
  });
});

/** A real snapshot after a sign-in of the given kind failed with `code`. */
async function afterFailedSignIn(kind: 'user' | 'guest', code: SessionErrorCode) {
  const fail = () => Promise.reject(Object.assign(new Error(code), { code }));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(() => Promise.resolve<SessionCheckResult>({ status: { userRole: null, isUserActive: false }, account: null })),
        logIn: fromPromise<SessionCheckResult, LoginRequest>(fail),
        logInGuest: fromPromise<SessionCheckResult, GuestLoginRequest>(fail),
      },
    }),
  ).start();
  await waitFor(actor, (s) => s.matches('anonymous'));
  if (kind === 'user') actor.send({ type: 'session.login', email: 'a@example.com', password: 'x', language: 'en-US' });
  else actor.send({ type: 'session.guestLogin', accountNumber: 'A-1', invoiceNumber: 'I-1', language: 'en-US' });
  const snapshot = await waitFor(actor, (s) => s.context.loginError !== null);
  actor.stop();
  return snapshot;
}

describe('whose sign-in error it is', () => {
  it("shows a billing user's failure on the sign-in form only", async () => {
    const snapshot = await afterFailedSignIn('user', 'invalidCredentials');
    expect(selectUserSignInError(snapshot)).toBe('invalidCredentials');
    expect(selectGuestSignInError(snapshot)).toBeNull();
  });

  it("shows a guest's failure on the guest form only", async () => {
    const snapshot = await afterFailedSignIn('guest', 'tooManyRequests');
    expect(selectGuestSignInError(snapshot)).toBe('tooManyRequests');
    expect(selectUserSignInError(snapshot)).toBeNull();
  });

  it('shows nothing before any attempt', async () => {
    const snapshot = await snapshotFor({ status: { userRole: null, isUserActive: false }, account: null });
    expect(selectUserSignInError(snapshot)).toBeNull();
    expect(selectGuestSignInError(snapshot)).toBeNull();
  });
});

describe('the session client', () => {
  it('is the signed-in account\'s client, and nobody\'s otherwise', async () => {
    expect(selectSessionClientCode(await snapshotFor({ status: { userRole: 'ClientBillingUser', isUserActive: true }, account }))).toBe('SUN');
    expect(selectSessionClientCode(await snapshotFor({ status: { userRole: null, isUserActive: false }, account: null }))).toBeNull();
  });
});
