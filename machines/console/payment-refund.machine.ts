/**
 * Billing staff and office admins refund a payment, in full or in part, from its row on the
 * console's Payments screen (`/{client}/office/payments`): a form with the amount (empty: what is
 * left is said beside it, never typed for them) and the reason, which the office always gives, then
 * a question with the amount and the card, answered yes before anything goes. One Idempotency-Key
 * per refund meant: made as the form opens, kept when the call fails on the way (the network, the
 * server), so trying again can never refund twice; a new one once the server has refused the
 * amount (it did nothing). The refund's result is said and the row shows what is left.
 */
import type { ConsolePayment } from '@contracts/console-work';
import type { RefundAnswer } from '@contracts/payments-out';
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { RefundField, RefundProblem, RefundFailure, RefundRejection, ReadAmount, RefundContext, RefundEvent, RefundCall } from './payment-refund.types';
import { refundFields } from './payment-refund.types';

/** The longest reason the office keeps. */
export const REFUND_REASON_MAX = 500;

/** The refund form's rules: an amount from 1 cent to what is left, and a reason of at most 500 characters. */
export function refundProblems(draft: Record<RefundField, string>, refundableCents: number, read: ReadAmount): Partial<Record<RefundField, RefundProblem>> {
  const problems: Partial<Record<RefundField, RefundProblem>> = {};
  if (draft.amount.trim() === '') problems.amount = 'required';
  else {
    const amount = read(draft.amount);
    if ('problem' in amount) problems.amount = amount.problem;
    else if (amount.cents < 1) problems.amount = 'invalid';
    else if (amount.cents > refundableCents) problems.amount = 'tooMuch';
  }
  const reason = draft.reason.trim();
  if (reason === '') problems.reason = 'required';
  else if (reason.length > REFUND_REASON_MAX) problems.reason = 'tooLong';
  return problems;
}

const failures: readonly RefundFailure[] = ['paymentVoided', 'keyReused', 'expired', 'network', 'serverError'];
export const toRefundRejection = (error: unknown): RefundRejection => toFormRejection<RefundField, RefundProblem, RefundFailure>(error, failures);

/** The payment being refunded's row. */
export const refundingPayment = (context: Pick<RefundContext, 'payments' | 'refunding'>) => context.payments.find((each) => each.confirmationNumber === context.refunding);

export const paymentRefundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    input: {} as { payments: ConsolePayment[] },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/payments/{confirmationNumber}/refunds with the Idempotency-Key. */
    refund: fromPromise<RefundAnswer, RefundCall>(() => Promise.reject(new Error('refund not provided'))),
  },
  actions: {
    openForm: assign((_, { confirmationNumber }: { confirmationNumber: string }) => ({
      refunding: confirmationNumber,
      draft: { amount: '', reason: '' },
      checked: [],
      serverProblems: {},
      failure: null,
      notice: null,
      idempotencyKey: crypto.randomUUID(),
    })),
    closeForm: assign(() => ({ refunding: null, idempotencyKey: null })),
    /** The server did nothing: the next try is another refund, with a key of its own. */
    newKey: assign(() => ({ idempotencyKey: crypto.randomUUID() })),
    keepRefund: assign(({ context }, { answer }: { answer: RefundAnswer }) => ({
      payments: context.payments.map((each) => (each.confirmationNumber === answer.payment.confirmationNumber ? { ...each, ...answer.payment } : each)),
      notice: { confirmationNumber: answer.payment.confirmationNumber, refundNumber: answer.refundNumber, amountCents: answer.amountCents },
    })),
    markVoided: assign(({ context }) => ({
      payments: context.payments.map((each) => (each.confirmationNumber === context.refunding ? { ...each, voided: true, refundableCents: 0 } : each)),
    })),
  },
  guards: {
    /** An amount up to what is left and a reason: the app reads the amount in the reader's language (refundProblems with it). */
    isDraftValid: () => false,
    isVoided: (_, rejection: RefundRejection) => rejection.code === 'paymentVoided',
  },
}).extend(formSetup<RefundContext, RefundEvent>(refundFields)).createMachine({
  id: 'paymentRefund',
  description: 'Billing staff refund a payment in full or in part, with a reason; one Idempotency-Key per refund meant, kept on retry.',
  context: ({ input }) => ({
    draft: { amount: '', reason: '' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    payments: input.payments,
    refunding: null,
    idempotencyKey: null,
    notice: null,
  }),
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The payments found; Refund on each row with something left to give back.',
      meta: { requirements: ['OFF-24'] },
      on: {
        'refund.open': {
          description: 'The refund form opens under the payment, empty, its key made.',
          target: 'editing',
          actions: { type: 'openForm', params: ({ event }) => event },
          meta: { requirements: ['OFF-25', 'OFF-26'] },
        },
      },
    },
    editing: {
      description: 'The refund form: the amount and the reason.',
      meta: { requirements: ['OFF-25'] },
      on: {
        'form.edit': { description: 'Keeps the amount or the reason as typed.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-25'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-25'] },
        },
        'form.submit': [
          { description: 'An amount up to what is left and a reason: asked to be sure.', guard: 'isDraftValid', target: 'confirming', actions: 'clearFailure', meta: { requirements: ['OFF-25'] } },
          { description: 'No reason, or an amount that is not one or is too much: nothing goes, the problems show at their fields.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-25'] } },
        ],
        'refund.cancel': { description: 'Cancel: the form closes, nothing refunded.', target: 'browsing', actions: 'closeForm', meta: { requirements: ['OFF-25'] } },
        'refund.open': {
          description: "Another payment's Refund: its own form, its own key.",
          actions: { type: 'openForm', params: ({ event }) => event },
          meta: { requirements: ['OFF-25', 'OFF-26'] },
        },
      },
    },
    confirming: {
      description: 'Asks: refund this amount of this payment to the card ending in its last four? The safe answer, No, has the focus.',
      meta: { requirements: ['OFF-25'] },
      on: {
        'refund.confirm': { description: 'Yes: the refund goes.', target: 'refunding', meta: { requirements: ['OFF-25'] } },
        'refund.back': { description: 'No (or Escape): back to the form as typed, nothing refunded.', target: 'editing', meta: { requirements: ['OFF-25'] } },
      },
    },
    refunding: {
      description: 'The refund is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-25'] },
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({ confirmationNumber: context.refunding ?? '', amount: context.draft.amount, reason: context.draft.reason.trim(), idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: {
          description: 'Refunded: said with its number, the row shows what is left, the form closes.',
          target: 'browsing',
          actions: [{ type: 'keepRefund', params: ({ event }) => ({ answer: event.output }) }, 'closeForm'],
          meta: { requirements: ['OFF-25'] },
        },
        onError: [
          {
            description: 'The server refused fields, such as more than is left (another refund came first) or a reason with control characters: said at them; the next try is a new refund.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toRefundRejection(event.error) },
            target: 'editing',
            actions: [{ type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toRefundRejection(event.error)) }) }, 'newKey'],
            meta: { requirements: ['OFF-26'] },
          },
          {
            description: 'The payment was voided meanwhile: said, the row shows nothing left, the form closes.',
            guard: { type: 'isVoided', params: ({ event }) => toRefundRejection(event.error) },
            target: 'browsing',
            actions: [{ type: 'keepFailure', params: () => ({ failure: 'paymentVoided' as const }) }, 'markVoided', 'closeForm'],
            meta: { requirements: ['OFF-26'] },
          },
          {
            description: 'Signed out meanwhile, the network or the server: said, what was typed and the key kept, so trying again never refunds twice.',
            target: 'editing',
            actions: {
              type: 'keepFailure',
              params: ({ event }) => {
                const rejection = toRefundRejection(event.error);
                return { failure: rejection.code === 'refused' ? 'serverError' : rejection.code };
              },
            },
            meta: { requirements: ['OFF-26'] },
          },
        ],
      },
    },
  },
});

export type PaymentRefundMachine = typeof paymentRefundMachine;
