/** The session's billing group becomes the client's: a sign-in under a billing group has the client looked up again under it. */
import { clientMachine } from '@machines/client/client.machine';
import type { Client, ClientLookup } from '@machines/client/client.types';
import { sessionMachine } from '@machines/session/session.machine';
import type { AuthenticationMessage } from '@contracts/session';
import type { SessionCheckResult } from '@machines/session/session.types';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { followSessionBillingGroup } from './wiring';

const delta: Client = { code: 'DLT', name: 'Delta Diagnostics', logoUrl: null, theme: 'delta', billingGroup: '48', acceptsOnlinePayments: true, patientAppUrl: null };

function signedInUnder(billingGroup: string | null): SessionCheckResult {
  return {
    status: { userRole: 'ClientBillingUser', isUserActive: true },
    account: { email: 'pat.doe@example.com', accountNumber: 'A-1', clientCode: 'DLT', billingGroup },
    passwordExpiryDays: -1,
  };
}

function machines(check: SessionCheckResult) {
  const lookups: ClientLookup[] = [];
  const never = <T>() => new Promise<T>(() => {});
  const client = createActor(
    clientMachine.provide({
      actors: {
        lookUpClient: fromPromise(({ input }: { input: ClientLookup }) => {
          lookups.push(input);
          return Promise.resolve({ ...delta, billingGroup: input.billingGroup });
        }),
        fetchClientUrl: fromPromise(() => never<string>()),
        fetchClientLinks: fromPromise(() => never<string>()),
      },
    }),
  ).start();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(() => Promise.resolve(check)),
        checkExpiry: fromPromise(() => never<AuthenticationMessage>()),
      },
      actions: { navigateAfterLogout: () => {}, reportStartupFailure: () => {} },
    }),
  );
  return { client, session, lookups };
}

describe('followSessionBillingGroup', () => {
  it('looks the client up again under the billing group of the session signed in under it', async () => {
    const { client, session, lookups } = machines(signedInUnder('48'));
    client.send({ type: 'client.select', code: 'DLT' });
    followSessionBillingGroup({ client, session });
    session.start();
    await waitFor(client, (snapshot) => snapshot.matches('selected') && snapshot.context.requested?.billingGroup === '48');
    expect(lookups.at(-1)).toEqual({ code: 'DLT', billingGroup: '48' });
  });

  it('leaves the client alone when the session has no billing group, or the client has it already', async () => {
    const without = machines(signedInUnder(null));
    without.client.send({ type: 'client.select', code: 'DLT' });
    followSessionBillingGroup(without);
    without.session.start();
    await waitFor(without.session, (snapshot) => snapshot.hasTag('signedIn'));
    await waitFor(without.client, (snapshot) => snapshot.matches('selected'));
    expect(without.lookups).toEqual([{ code: 'DLT', billingGroup: null }]);

    const already = machines(signedInUnder('48'));
    already.client.send({ type: 'client.select', code: 'DLT', billingGroup: '48' });
    followSessionBillingGroup(already);
    already.session.start();
    await waitFor(already.session, (snapshot) => snapshot.hasTag('signedIn'));
    await waitFor(already.client, (snapshot) => snapshot.matches('selected'));
    expect(already.lookups).toEqual([{ code: 'DLT', billingGroup: '48' }]);
  });
});
