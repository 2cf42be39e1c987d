/**
 * Where "Pay now" goes, decided once for every place that offers it: the signed-in menu, the
 * invoices screen and the payment machine's own routing.
 */
import type { SnapshotFrom } from 'xstate';
import type { ClientMachine } from '../client/client.machine';
import { selectAcceptsOnlinePayments, selectExternalCCLink } from '../client/client.selectors';
import type { SessionMachine } from '../session/session.machine';
import { selectSessionMenu } from '../session/session.selectors';

export type PayTarget =
  /** Nothing to offer: nobody signed in, or the account is disabled. */
  | { kind: 'none' }
  /** The client takes no online payments: mail and phone. */
  | { kind: 'otherWays' }
  /** The client takes cards on its own page (an address already checked to be http(s)). */
  | { kind: 'externalCardPage'; url: string }
  /** The portal's own payment wizard. */
  | { kind: 'wizard' };

export interface PayFacts {
  /** Someone is signed in whose account may pay. */
  mayPay: boolean;
  acceptsOnlinePayments: boolean;
  /** The client's external card page, '' when it has none. */
  externalCardLink: string;
}

const none: PayTarget = { kind: 'none' };
const otherWays: PayTarget = { kind: 'otherWays' };
const wizard: PayTarget = { kind: 'wizard' };

/**
 * The specification's order: only for someone who may pay; only if the client accepts online
 * payments; then its external card link, when it has one, overrides the built-in wizard.
 */
export function decidePayTarget({ mayPay, acceptsOnlinePayments, externalCardLink }: PayFacts): PayTarget {
  if (!mayPay) return none;
  if (!acceptsOnlinePayments) return otherWays;
  const url = externalCardLink.trim();
  return url === '' ? wizard : { kind: 'externalCardPage', url };
}

/** The pay target from the running session and client machines. */
export function selectPayTarget(session: SnapshotFrom<SessionMachine>, client: SnapshotFrom<ClientMachine>): PayTarget {
  return decidePayTarget({
    mayPay: selectSessionMenu(session).onlinePayment,
    acceptsOnlinePayments: selectAcceptsOnlinePayments(client),
    externalCardLink: selectExternalCCLink(client),
  });
}

/** Two targets lead to the same place (for views that re-render only on a change). */
export function isSamePayTarget(a: PayTarget, b: PayTarget): boolean {
  return a.kind === b.kind && (a.kind !== 'externalCardPage' || (b.kind === 'externalCardPage' && a.url === b.url));
}
