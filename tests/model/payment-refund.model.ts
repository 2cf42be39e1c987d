import type { RefundAnswer } from '@contracts/payments-out';
import { shownProblems } from '@machines/form/form.rules';
import { paymentRefundMachine, refundingPayment, refundProblems, toRefundRejection } from '@machines/console/payment-refund.machine';
import { payment } from '@machines/console/payment-refund.fixtures';
import { refundFields } from '@machines/console/payment-refund.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { parseMoney } from '@/lib/format';
import { defineModel, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const read = (text: string) => parseMoney(text, 'en-US');
const problemsOf = (context: Parameters<typeof refundingPayment>[0] & { draft: Record<'amount' | 'reason', string> }) =>
  refundProblems(context.draft, refundingPayment(context)?.refundableCents ?? 0, read);

const machine = paymentRefundMachine.provide({
  actors: { refund: fromPromise(() => never<RefundAnswer>()) },
  guards: { isDraftValid: ({ context }) => Object.keys(problemsOf(context)).length === 0 },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const refunded: RefundAnswer = {
  refundNumber: 'R-0001',
  eventId: 'evt_1',
  amountCents: 1000,
  reason: 'Billed twice',
  refundedAt: '2026-11-27T16:00:00Z',
  lines: [{ invoiceNumber: 'SUN-100042', amountCents: 1000 }],
  payment: { confirmationNumber: 'P-ABCDEFGHJK', totalCents: 4550, refundedCents: 1000, refundableCents: 3550, voided: false },
};

/** Refund on each row that offers it (something left, not voided); then the form's own events, and the answers to its question. */
const events: Spec['events'] = (snapshot) => [
  ...snapshot.context.payments
    .filter((each) => each.refundableCents > 0 && !each.voided)
    .map((each) => ({ type: 'refund.open' as const, confirmationNumber: each.confirmationNumber })),
  { type: 'refund.cancel' },
  { type: 'refund.confirm' },
  { type: 'refund.back' },
  { type: 'form.edit', field: 'amount', value: '99.00' },
  { type: 'form.edit', field: 'amount', value: '10.00' },
  { type: 'form.edit', field: 'reason', value: 'Billed twice' },
  { type: 'form.leave', field: 'reason' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.refund', output: refunded },
  { type: 'xstate.error.actor.refund', error: { code: 'refused', fields: { amount: 'tooMuch' } } },
  { type: 'xstate.error.actor.refund', error: { code: 'refused', fields: { reason: 'invalidCharacters' } } },
  { type: 'xstate.error.actor.refund', error: { code: 'paymentVoided' } },
  { type: 'xstate.error.actor.refund', error: { code: 'network' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    draft: context.draft,
    shown: shownProblems(context, refundFields, problemsOf(context)),
    failure: context.failure,
    notice: context.notice !== null,
    open: context.refunding,
    key: context.idempotencyKey !== null,
    left: context.payments.map((each) => [each.refundableCents, each.voided]),
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('refunding'));
  // A form open always has its key; a closed one none.
  expect(snapshot.context.idempotencyKey !== null).toBe(!snapshot.matches('browsing'));
  expect(snapshot.context.refunding !== null).toBe(!snapshot.matches('browsing'));
  expect(snapshot.context.notice !== null && snapshot.context.failure !== null).toBe(false);
};

/** Billing staff refund a payment. */
export const paymentRefundModel = defineModel({
  name: 'payment-refund',
  title: 'Billing office: refunding a payment',
  machine,
  variants: [{ name: 'the payments found, by billing staff', spec: { machine, input: { payments: [payment] }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'refund.open':
        return `Chooses Refund on ${event.confirmationNumber}`;
      case 'refund.cancel':
        return 'Cancels the refund';
      case 'refund.confirm':
        return 'Answers Yes, refund';
      case 'refund.back':
        return 'Answers No';
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field}`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Refund to the card';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event && toRefundRejection(event.error).code === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The call fails (${toRefundRejection(event.error).code})`;
        return event.type;
    }
  },
});
