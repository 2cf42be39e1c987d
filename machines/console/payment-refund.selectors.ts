import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import { refundingPayment, refundProblems, type PaymentRefundMachine } from './payment-refund.machine';
import { refundFields, type ReadAmount } from './payment-refund.types';

type Snapshot = SnapshotFrom<PaymentRefundMachine>;

export const selectPayments = (snapshot: Snapshot) => snapshot.context.payments;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
/** The payment whose refund form is open (none while browsing). */
export const selectOpenPayment = (snapshot: Snapshot) => (snapshot.matches('browsing') ? undefined : refundingPayment(snapshot.context));
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsConfirming = (snapshot: Snapshot): boolean => snapshot.matches('confirming');
export const selectAmount = (snapshot: Snapshot): string => snapshot.context.draft.amount;
export const selectReason = (snapshot: Snapshot): string => snapshot.context.draft.reason;
/** The problem each field of the refund form shows, amounts read by `read` (the reader's locale). */
export const selectRefundProblems = (read: ReadAmount) => (snapshot: Snapshot) =>
  shownProblems(snapshot.context, refundFields, refundProblems(snapshot.context.draft, refundingPayment(snapshot.context)?.refundableCents ?? 0, read));
