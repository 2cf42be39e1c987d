/**
 * Example data of the payment wizard for its tests (machine, selectors, model): one account with
 * two open invoices (one partly paid) and a paid one, a complete billing draft and a receipt.
 */
import type { AccountInformation } from '@contracts/accounts';
import type { Receipt } from '@contracts/payments';
import type { CardToken } from '@contracts/processor';
import type { BillingDraft, PaymentStart } from './payment.types';

export const account: AccountInformation = {
  accountNumber: 'A-100200',
  holderName: 'Pat Doe',
  totalDueCents: 16550,
  invoices: [
    {
      invoiceNumber: 'SUN-100041',
      description: 'Blood panel',
      invoiceDate: '2026-01-10',
      dueDate: '2026-02-10',
      amountCents: 15000,
      balanceCents: 12000,
      patientName: 'Pat Doe',
      goodFaithEstimateCents: null,
      lines: [],
    },
    {
      invoiceNumber: 'SUN-100042',
      description: 'Lipid profile',
      invoiceDate: '2026-02-03',
      dueDate: '2026-03-03',
      amountCents: 4550,
      balanceCents: 4550,
      patientName: 'Pat Doe',
      goodFaithEstimateCents: null,
      lines: [],
    },
    {
      invoiceNumber: 'SUN-100007',
      description: 'Paid long ago',
      invoiceDate: '2025-06-01',
      dueDate: '2025-07-01',
      amountCents: 2000,
      balanceCents: 0,
      patientName: 'Pat Doe',
      goodFaithEstimateCents: null,
      lines: [],
    },
  ],
};

export const start: PaymentStart = { account, acceptsOnlinePayments: true, externalCardLink: '', savedAddress: null };

export const billing: BillingDraft = {
  payerName: 'Pat Doe',
  addressLine1: '1 Main Street',
  addressLine2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  email: 'pat.doe@example.com',
};

export const visa: CardToken = { token: 'tok_visa_4242aaaa', brand: 'visa', last4: '4242' };
export const mastercard: CardToken = { token: 'tok_mc_4444bbbbbb', brand: 'mastercard', last4: '4444' };

export const receipt: Receipt = {
  confirmationNumber: 'P-20260301-0001',
  paidAt: '2026-03-01T10:00:00.000Z',
  accountNumber: account.accountNumber,
  holderName: account.holderName,
  lines: [
    { invoiceNumber: 'SUN-100041', description: 'Blood panel', amountCents: 12000, balanceAfterCents: 0 },
    { invoiceNumber: 'SUN-100042', description: 'Lipid profile', amountCents: 4550, balanceAfterCents: 0 },
  ],
  totalCents: 16550,
  cardBrand: 'visa',
  cardLast4: '4242',
  payerName: 'Pat Doe',
  email: 'pat.doe@example.com',
};
