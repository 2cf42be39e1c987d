import { describe, expect, it } from 'vitest';
import type { AccountInformation } from '@contracts/accounts';
import { publicDocumentFileName, statementFileName } from './file-names';
import { readPdf } from '../../test/pdf-text';
import { manyInvoices } from '../../test/sample-documents';
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
