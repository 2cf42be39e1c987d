/**
 * The wizard's first step as the server renders it. The tab's progress lives in its session
 * storage, which never reaches the server: the server runs the payment machine without it, over
 * the visitor's account, and the page carries the snapshot it settled in. The browser hydrates
 * that snapshot, then goes on with the tab's progress (see `PaymentWizard`).
 */
import { paymentMachine } from '@machines/payment/payment.machine';
import { selectPaymentStatus } from '@machines/payment/payment.selectors';
import type { PaymentContext, PaymentStart } from '@machines/payment/payment.types';
import { selectAccount, selectIsBillingUser } from '@machines/session/session.selectors';
import { fromPromise, waitFor, type Snapshot, type SnapshotFrom } from 'xstate';
import { createAppActor } from '@/lib/create-app-actor';
import { loadPaymentStart } from './payment-api';

/** The first step the server rendered: the payment machine's persisted snapshot. */
export interface RenderedFirstStep {
  snapshot: Snapshot<unknown>;
  /** What the machine loaded, for the browser's machine to start from. */
  start: PaymentStart;
}

/** How long the account may take on the server before the page shows it loading instead. */
const settleTimeoutMs = 8000;

/** The signed-in user's email for "same as my account"; null for a guest. */
export function payerEmail(session: Parameters<typeof selectIsBillingUser>[0]): string | null {
  return selectIsBillingUser(session) ? (selectAccount(session)?.email ?? null) : null;
}

/**
 * The pages whose screen runs no effect of its own when it opens (the browser sent elsewhere, a
 * failure to retry): only these are worth the server's render; for the others the page shows the
 * wizard loading and the browser loads it.
 */
const renderedStatuses = new Set(['wizard', 'nothingDue', 'noOnlinePayments']);

function startOf(context: PaymentContext): PaymentStart | null {
  const { account, acceptsOnlinePayments, externalCardLink, savedAddress } = context;
  return account ? { account, acceptsOnlinePayments, externalCardLink, savedAddress } : null;
}

/** Runs the wizard's first step on the server: the snapshot to render, or null to leave it loading. */
export async function renderFirstStep(accountEmail: string | null): Promise<RenderedFirstStep | null> {
  const actor = createAppActor(paymentMachine.provide({ actors: { loadAccount: fromPromise(({ signal }) => loadPaymentStart({ signal })) } }), {
    input: { stored: null, requestedStep: 'amounts', accountEmail },
  });
  actor.start();
  try {
    const settled: SnapshotFrom<typeof paymentMachine> = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: settleTimeoutMs });
    const start = startOf(settled.context);
    if (!start || !renderedStatuses.has(selectPaymentStatus(settled))) return null;
    return { snapshot: actor.getPersistedSnapshot(), start };
  } catch {
    return null;
  } finally {
    actor.stop();
  }
}
