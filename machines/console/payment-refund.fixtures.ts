/** A payment found on the console's Payments screen, for the refund form's tests and its model. */
import type { ConsolePayment } from '@contracts/console-work';

/** A guest's card payment of 45.50, nothing refunded yet. */
export const payment: ConsolePayment = {
  confirmationNumber: 'P-ABCDEFGHJK',
  accountNumber: 'A-778899',
  paidAt: '2026-11-27T15:00:00Z',
  totalCents: 4550,
  refundedCents: 0,
  refundableCents: 4550,
  voided: false,
  cardBrand: 'visa',
  cardLast4: '4242',
  payerName: 'Jordan Guest',
  payerKind: 'guest',
};
