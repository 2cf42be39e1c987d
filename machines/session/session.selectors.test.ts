import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from './session.machine';
import { selectSessionMenu, type SessionMenu } from './session.selectors';
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

const account = { email: 'x@example.com', accountNumber: 'A-1' };
const none: SessionMenu = {
  viewInvoices: false,
  memberInformation: false,
  documents: false,
  updateEmail: false,
  updatePassword: false,
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

  it('hides invoices, documents, update email and payments from a disabled account', async () => {
    const snapshot = await snapshotFor({
      status: { userRole: 'ClientBillingUser', isUserActive: true, isAccountDisabled: true },
      account,
    });
    expect(selectSessionMenu(snapshot)).toEqual({ ...none, memberInformation: true, updatePassword: true });
  });

  it('allows nothing when nobody is signed in', async () => {
    const snapshot = await snapshotFor({ status: { userRole: null, isUserActive: false }, account: null });
    expect(selectSessionMenu(snapshot)).toEqual(none);
  });
});
