import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Client } from '@contracts/clients';
import { clientMachine } from '../client/client.machine';
import { sessionMachine } from '../session/session.machine';
import type { SessionCheckResult } from '../session/session.types';
import { decidePayTarget, isSamePayTarget, selectPayTarget } from './pay-target';

describe('where Pay now goes', () => {
  const link = 'https://payments.example.org/harbor';
  it.each([
    [{ mayPay: false, acceptsOnlinePayments: true, externalCardLink: '' }, { kind: 'none' }],
    [{ mayPay: false, acceptsOnlinePayments: true, externalCardLink: link }, { kind: 'none' }],
    [{ mayPay: true, acceptsOnlinePayments: false, externalCardLink: '' }, { kind: 'otherWays' }],
    [{ mayPay: true, acceptsOnlinePayments: false, externalCardLink: link }, { kind: 'otherWays' }],
    [{ mayPay: true, acceptsOnlinePayments: true, externalCardLink: link }, { kind: 'externalCardPage', url: link }],
    [{ mayPay: true, acceptsOnlinePayments: true, externalCardLink: '  ' }, { kind: 'wizard' }],
    [{ mayPay: true, acceptsOnlinePayments: true, externalCardLink: '' }, { kind: 'wizard' }],
  ])('%j goes to %j', (facts, target) => {
    expect(decidePayTarget(facts)).toEqual(target);
  });

  it('tells the same place from another', () => {
    expect(isSamePayTarget({ kind: 'wizard' }, { kind: 'wizard' })).toBe(true);
    expect(isSamePayTarget({ kind: 'externalCardPage', url: link }, { kind: 'externalCardPage', url: link })).toBe(true);
    expect(isSamePayTarget({ kind: 'externalCardPage', url: link }, { kind: 'externalCardPage', url: `${link}/2` })).toBe(false);
    expect(isSamePayTarget({ kind: 'wizard' }, { kind: 'otherWays' })).toBe(false);
  });
});

describe('the pay target of the running session and client', () => {
  async function snapshots(result: SessionCheckResult, client: Client, cardLink: string) {
    const session = createActor(sessionMachine.provide({ actors: { checkSession: fromPromise(() => Promise.resolve(result)) } })).start();
    const clientActor = createActor(
      clientMachine.provide({
        actors: {
          lookUpClient: fromPromise(() => Promise.resolve(client)),
          fetchClientUrl: fromPromise(() => Promise.resolve('')),
          fetchClientLinks: fromPromise(() => Promise.resolve(cardLink)),
        },
      }),
    ).start();
    clientActor.send({ type: 'client.select', code: client.code });
    const sessionSnapshot = await waitFor(session, (s) => !s.hasTag('resolving'));
    const clientSnapshot = await waitFor(clientActor, (s) => s.hasTag('selected') && s.context.externalCCLink === cardLink);
    session.stop();
    clientActor.stop();
    return { sessionSnapshot, clientSnapshot };
  }
  const user: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account: { email: 'a@example.com', accountNumber: 'A-1', clientCode: 'SUN' } };
  const harbor: Client = { code: 'HBR', name: 'Harbor Imaging', logoUrl: null, theme: 'harbor', billingGroup: null, acceptsOnlinePayments: true, patientAppUrl: null };

  it('sends a user of a client with its own card page there', async () => {
    const { sessionSnapshot, clientSnapshot } = await snapshots(user, harbor, 'https://payments.example.org/harbor');
    expect(selectPayTarget(sessionSnapshot, clientSnapshot)).toEqual({ kind: 'externalCardPage', url: 'https://payments.example.org/harbor' });
  });

  it('offers nothing to a disabled account', async () => {
    const disabled = { ...user, status: { ...user.status, isAccountDisabled: true } };
    const { sessionSnapshot, clientSnapshot } = await snapshots(disabled, harbor, '');
    expect(selectPayTarget(sessionSnapshot, clientSnapshot)).toEqual({ kind: 'none' });
  });

  it('offers the other ways when the client takes no online payments', async () => {
    const { sessionSnapshot, clientSnapshot } = await snapshots(user, { ...harbor, code: 'NPP', acceptsOnlinePayments: false }, '');
    expect(selectPayTarget(sessionSnapshot, clientSnapshot)).toEqual({ kind: 'otherWays' });
  });
});
