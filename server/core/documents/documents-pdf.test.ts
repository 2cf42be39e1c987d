import { describe, expect, it } from 'vitest';
import type { AccountInformation } from '@contracts/accounts';
import { publicDocumentFileName, statementFileName } from './file-names';
import { readPdf } from '../../test/pdf-text';
import { manyInvoices, sampleInvoiceAboveEstimate } from '../../test/sample-documents';
import { renderPublicDocumentPdf } from './public-document-pdf';
import { renderStatementPdf, type StatementDocument } from './statement-pdf';

const account: AccountInformation = {
  accountNumber: 'A-100200',
  holderName: 'Pat Doe',
  invoices: [
    { invoiceNumber: 'SUN-100031', description: 'Complete blood count (CBC) with differential', invoiceDate: '2026-01-14', dueDate: '2026-02-13', amountCents: 4850, balanceCents: 4850, patientName: 'Pat Doe', goodFaithEstimateCents: null, lines: [] },
  ],
  totalDueCents: 4850,
};

const statement: StatementDocument = {
  clientName: 'Sunrise Laboratories',
  clientPhone: '1-800-555-0142',
  account,
  payments: [],
  issuedAt: new Date('2026-03-01T09:00:00Z'),
};

const client = {
  code: 'SUN',
  name: 'Sunrise Laboratories',
  phoneNumber: '1-800-555-0142',
  mailPayableTo: 'Sunrise Laboratories',
  mailAddressLines: ['Attn: Patient Billing', 'PO Box 4120', 'Springfield, IL 62704'],
};

describe('the statement PDF', () => {
  it('runs onto more pages for a long account, repeating the column headings, and ends with the total', async () => {
    const invoices = manyInvoices(90);
    const payments = Array.from({ length: 10 }, (_, index) => ({
      confirmationNumber: `P-PAYMENT${String(index).padStart(3, 'A')}`,
      paidAt: '2026-02-01T10:00:00.000Z',
      totalCents: 500,
      cardBrand: 'visa' as const,
      cardLast4: '4242',
      lines: [],
      refunds: [],
    }));
    const { pages, text } = await readPdf(await renderStatementPdf({ statement: { ...statement, account: { ...account, invoices, totalDueCents: 90_000 }, payments }, language: 'en-US' }));
    expect(pages.length).toBeGreaterThan(1);
    for (const invoice of invoices) expect(text).toContain(invoice.invoiceNumber);
    for (const payment of payments) expect(text).toContain(payment.confirmationNumber);
    for (const page of pages.slice(1)) {
      // Each later page starts with the headings of the table it continues.
      expect(page.split('\n').slice(0, 5).join(' ')).toMatch(/^(Invoice Date Description Amount Balance|Date Confirmation number Card Amount paid)/);
    }
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Questions about this statement? Call us at 1-800-555-0142.');
    expect(text).toContain('$900.00');
  });

  it('says so when nothing is open and nothing was paid, in each language', async () => {
    const empty = { ...statement, clientPhone: null, account: { ...account, invoices: [], totalDueCents: 0 } };
    const english = (await readPdf(await renderStatementPdf({ statement: empty, language: 'en-US' }))).text;
    expect(english).toContain('You have no open invoices. Nothing is due.');
    expect(english).toContain('No payments yet.');
    expect(english).toContain('$0.00');
    expect(english).toContain('Questions about this statement? Contact us using the details on your bill.');
    const spanish = (await readPdf(await renderStatementPdf({ statement: empty, language: 'es-ES' }))).text;
    expect(spanish).toContain('No tiene facturas pendientes. No hay nada que pagar.');
    expect(spanish).toContain('Todavía no hay pagos.');
  });

  it('prints what each open bill is for, and the right to dispute one well above its estimate, until its deadline and after it, in each language', async () => {
    const aboveEstimate = { ...statement, account: { ...account, invoices: [...account.invoices, sampleInvoiceAboveEstimate] } };
    const text = async (language: 'en-US' | 'es-ES', issuedAt: string) =>
      (await readPdf(await renderStatementPdf({ statement: { ...aboveEstimate, issuedAt: new Date(issuedAt) }, language }))).text.replace(/\s+/g, ' ');

    const english = await text('en-US', '2026-05-19T23:00:00Z');
    expect(english).toContain('What each bill is for');
    expect(english).toContain('Invoice NPP-200018 of Jan 19, 2026, for Noor Doe');
    expect(english).toContain('Immunohistochemistry, first stain (88342), 1 unit; Medica: Paid');
    expect(english).toContain('$950.00 $720.00 $55.00 $0.00 $175.00');
    expect(english).toContain(
      'You may have the right to dispute this bill: its charges ($1,190.00) are $590.00 more than the good-faith estimate you were given ($600.00). You may dispute it with the provider within 120 days of the bill date (Jan 19, 2026), that is until May 19, 2026.',
    );
    expect(await text('en-US', '2026-05-20T00:00:00Z')).toContain('that period ended on May 19, 2026.');

    const spanish = await text('es-ES', '2026-06-01T09:00:00Z');
    expect(spanish).toContain('Qué incluye cada factura');
    expect(spanish).toContain('240,00 US$ 200,00 US$ 30,00 US$ 0,00 US$ 10,00 US$');
    expect(spanish).toContain('Puede tener derecho a impugnar esta factura: sus cargos (1190,00 US$) superan en 590,00 US$ la estimación de buena fe que se le dio (600,00 US$).');
    expect(spanish).toContain('ese plazo terminó el 19 may 2026.');
    expect(spanish).toContain('El aviso sobre sus derechos de facturación, en Documentos del portal del paciente, explica cómo hacerlo.');
  });

  it('prints no dispute notice for a bill less than $400 above its estimate, nor for one without lines', async () => {
    const below = { ...sampleInvoiceAboveEstimate, goodFaithEstimateCents: 79_001 };
    const english = (await readPdf(await renderStatementPdf({ statement: { ...statement, account: { ...account, invoices: [...account.invoices, below] } }, language: 'en-US' }))).text.replace(/\s+/g, ' ');
    expect(english).toContain('Surgical pathology, tissue examination (88305), 2 units; Medica: Paid');
    expect(english).not.toContain('dispute');
    const withoutLines = (await readPdf(await renderStatementPdf({ statement, language: 'en-US' }))).text;
    expect(withoutLines).not.toContain('What each bill is for');
  });

  it('prints under each payment its refunds or its void, and what was kept paid after refunds, in each language', async () => {
    const payments: StatementDocument['payments'] = [
      {
        confirmationNumber: 'P-VOIDEDAAAA',
        paidAt: '2026-02-20T15:00:00.000Z',
        totalCents: 1200,
        cardBrand: 'visa',
        cardLast4: '4242',
        lines: [],
        refunds: [{ kind: 'void', at: '2026-02-20T16:00:00.000Z', amountCents: 1200 }],
      },
      {
        confirmationNumber: 'P-REFUNDEDAA',
        paidAt: '2026-02-10T15:00:00.000Z',
        totalCents: 2000,
        cardBrand: 'mastercard',
        cardLast4: '4444',
        lines: [],
        refunds: [
          { kind: 'refund', at: '2026-02-12T15:00:00.000Z', amountCents: 1000 },
          { kind: 'refund', at: '2026-03-02T15:00:00.000Z', amountCents: 500 },
        ],
      },
      { confirmationNumber: 'P-KEPTAAAAAA', paidAt: '2026-02-01T15:00:00.000Z', totalCents: 700, cardBrand: 'visa', cardLast4: '4242', lines: [], refunds: [] },
    ];
    const text = async (language: 'en-US' | 'es-ES') => (await readPdf(await renderStatementPdf({ statement: { ...statement, payments }, language }))).text.replace(/\s+/g, ' ');

    const english = await text('en-US');
    expect(english).toContain(
      'Feb 20, 2026 P-VOIDEDAAAA Visa ending in 4242 $12.00 Feb 20, 2026 Cancelled Your card was not charged -$12.00 ' +
        'Feb 10, 2026 P-REFUNDEDAA Mastercard ending in 4444 $20.00 Feb 12, 2026 Refunded -$10.00 Mar 2, 2026 Refunded -$5.00 You paid after refunds $5.00 ' +
        'Feb 1, 2026 P-KEPTAAAAAA Visa ending in 4242 $7.00 Questions',
    );
    const spanish = await text('es-ES');
    expect(spanish).toContain(
      '20 feb 2026 P-VOIDEDAAAA Visa terminada en 4242 12,00 US$ 20 feb 2026 Anulado No se le ha cobrado en su tarjeta -12,00 US$ ' +
        '10 feb 2026 P-REFUNDEDAA Mastercard terminada en 4444 20,00 US$ 12 feb 2026 Reembolsado -10,00 US$ 2 mar 2026 Reembolsado -5,00 US$ Pagado tras los reembolsos 5,00 US$ ' +
        '1 feb 2026 P-KEPTAAAAAA Visa terminada en 4242 7,00 US$',
    );
  });

  it("prints a holder's name in any script it has a font for, and says plainly when it has none", async () => {
    const cjk = (await readPdf(await renderStatementPdf({ statement: { ...statement, account: { ...account, holderName: 'José Müller 山田 김민준' } }, language: 'en-US' }))).text;
    expect(cjk).toContain('José Müller 山田 김민준');
    expect(cjk).not.toContain('cannot be shown');

    const arabic = (await readPdf(await renderStatementPdf({ statement: { ...statement, account: { ...account, holderName: 'Ali علي' } }, language: 'es-ES' }))).text;
    expect(arabic).toContain('Ali ');
    expect(arabic.replace(/\s+/g, ' ')).toContain('Algunos caracteres de este nombre no se pueden mostrar en este PDF; la página de facturas lo muestra completo.');
  });
});

describe('the public documents', () => {
  it("print a client's name in another script", async () => {
    const { text } = await readPdf(await renderPublicDocumentPdf({ kind: 'billingRightsNotice', language: 'en-US', client: { ...client, name: 'Clínica 山田' } }));
    expect(text).toContain('Clínica 山田');
    expect(text).toContain('As a patient of Clínica 山田, you have these rights about your bills.');
  });

  it('keep every section of each document, in each language', async () => {
    const headings = {
      financialAssistancePolicy: {
        'en-US': ['Who can apply', 'What help there is', 'How to apply', 'Contact us'],
        'es-ES': ['Quién puede solicitarla', 'Qué ayuda hay', 'Cómo solicitarla', 'Contacto'],
      },
      billingRightsNotice: {
        'en-US': ['An itemized bill', 'Questions and disputes', 'No surprise bills', 'Help with paying', 'Your privacy', 'Contact us'],
        'es-ES': ['Una factura detallada', 'Preguntas y reclamaciones', 'Sin facturas sorpresa', 'Ayuda para pagar', 'Su privacidad', 'Contacto'],
      },
    } as const;
    for (const kind of ['financialAssistancePolicy', 'billingRightsNotice'] as const) {
      for (const language of ['en-US', 'es-ES'] as const) {
        const lines = (await readPdf(await renderPublicDocumentPdf({ kind, language, client }))).text.split('\n');
        for (const heading of headings[kind][language]) expect(lines, `${kind} ${language}`).toContain(heading);
      }
    }
  });
});

describe('the file names', () => {
  it('are plain ASCII whatever the account number holds', () => {
    expect(statementFileName('en-US', 'A-100200', new Date('2026-03-01T23:59:00Z'))).toBe('statement-A-100200-2026-03-01.pdf');
    expect(statementFileName('es-ES', 'Ñ/100 "x"', new Date('2026-03-01T00:00:00Z'))).toBe('extracto--100-x--2026-03-01.pdf');
    expect(publicDocumentFileName('billingRightsNotice', 'es-ES', 'DLT')).toBe('aviso-de-derechos-de-facturacion-DLT.pdf');
  });
});
