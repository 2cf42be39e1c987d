/** For tests and the PDF bench: a receipt, an invoice and a long list of invoices to make documents of. */
import type { OpenInvoice } from '@contracts/accounts';
import type { Receipt } from '@contracts/payments';

/** A one-line receipt of pat.doe's, in full. */
export const sampleReceipt: Receipt = {
  confirmationNumber: 'P-ABCDEFGHJK',
  paidAt: '2026-11-23T10:00:00.000Z',
  accountNumber: 'A-100200',
  holderName: 'Pat Doe',
  lines: [{ invoiceNumber: 'SUN-100031', description: 'Complete blood count (CBC) with differential', amountCents: 4850, balanceAfterCents: 0 }],
  totalCents: 4850,
  cardBrand: 'visa',
  cardLast4: '4242',
  payerName: 'Pat Doe',
  email: 'pat.doe@example.com',
};

/** An open invoice, owed in full. */
export const sampleInvoice: OpenInvoice = {
  invoiceNumber: 'SUN-100031',
  description: 'Complete blood count (CBC) with differential',
  invoiceDate: '2026-01-14',
  dueDate: '2026-02-13',
  amountCents: 4850,
  balanceCents: 4850,
  patientName: 'Pat Doe',
  goodFaithEstimateCents: null,
  lines: [],
};

/** `count` open invoices of $10.00, every seventh with a description long enough to wrap: a statement of several pages. */
export function manyInvoices(count: number): OpenInvoice[] {
  return Array.from({ length: count }, (_, index) => ({
    invoiceNumber: `SUN-2${String(index).padStart(5, '0')}`,
    description: index % 7 === 0 ? 'Comprehensive metabolic panel with a description long enough to wrap onto a second line' : 'Lipid panel',
    invoiceDate: '2026-02-20',
    dueDate: '2026-03-22',
    amountCents: 1000,
    balanceCents: 1000,
    patientName: 'Pat Doe',
    goodFaithEstimateCents: null,
    lines: [],
  }));
}

/**
 * NPP-200018 as the demo statement file has it: two lines whose charges ($1,190.00) exceed its
 * good-faith estimate ($600.00) by $590.00, so its statement carries the right to dispute it.
 */
export const sampleInvoiceAboveEstimate: OpenInvoice = {
  invoiceNumber: 'NPP-200018',
  description: 'Surgical pathology, tissue examination',
  invoiceDate: '2026-01-19',
  dueDate: '2026-02-18',
  amountCents: 18500,
  balanceCents: 18500,
  patientName: 'Noor Doe',
  goodFaithEstimateCents: 60000,
  lines: [
    {
      lineNumber: 1,
      serviceDate: '2026-01-12',
      procedureCode: '88305',
      description: 'Surgical pathology, tissue examination',
      units: 2,
      chargeCents: 95000,
      insurancePaidCents: 72000,
      adjustmentsCents: 5500,
      patientPaidCents: 0,
      balanceCents: 17500,
      payerName: 'Medica',
      claimStatus: 'Paid',
    },
    {
      lineNumber: 2,
      serviceDate: '2026-01-12',
      procedureCode: '88342',
      description: 'Immunohistochemistry, first stain',
      units: 1,
      chargeCents: 24000,
      insurancePaidCents: 20000,
      adjustmentsCents: 3000,
      patientPaidCents: 0,
      balanceCents: 1000,
      payerName: 'Medica',
      claimStatus: 'Paid',
    },
  ],
};
