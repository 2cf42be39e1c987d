import { describe, expect, it } from 'vitest';
import type { Language } from '@contracts/session';
import { outline, readTaggedPdf, type TaggedPdf } from '../../test/pdf-structure';
import { sampleInvoice, sampleInvoiceAboveEstimate, sampleReceipt } from '../../test/sample-documents';
import { renderReceiptPdf } from '../payments/receipt-pdf';
import { renderPublicDocumentPdf } from '../../core/documents/public-document-pdf';
import { renderStatementPdf, type StatementDocument } from '../../core/documents/statement-pdf';

const receipt = sampleReceipt;

const invoice = sampleInvoice;

const statement: StatementDocument = {
  clientName: 'Sunrise Laboratories',
  clientPhone: '1-800-555-0142',
  account: {
    accountNumber: 'A-100200',
    holderName: 'Pat Doe',
    invoices: [invoice],
    totalDueCents: 4850,
  },
  payments: [{ confirmationNumber: 'P-ABCDEFGHJK', paidAt: '2026-02-01T10:00:00.000Z', totalCents: 500, cardBrand: 'visa', cardLast4: '4242', lines: [], refunds: [] }],
  issuedAt: new Date('2026-03-01T09:00:00Z'),
};

const client = { code: 'SUN', name: 'Sunrise Laboratories', phoneNumber: '1-800-555-0142', mailPayableTo: 'Sunrise Laboratories', mailAddressLines: ['PO Box 4120', 'Springfield, IL 62704'] };

/** What every tagged PDF must say about itself: PDF/UA-1, marked, its language, its title shown, every font embedded. */
function expectTagged(pdf: TaggedPdf, title: string, language: Language): void {
  expect(pdf.pdfUaPart).toBe('1');
  expect(pdf.marked).toBe(true);
  expect(pdf.language).toBe(language);
  expect(pdf.title).toBe(title);
  expect(pdf.displayDocTitle).toBe(true);
  expect(pdf.fonts.length).toBeGreaterThan(0);
  for (const font of pdf.fonts) expect(font.file, `${font.name} is embedded`).toBeDefined();
  for (const scope of pdf.headingScopes) expect(scope).toBe('Column');
}

/** The structure tree of a one-page PDF, as indented lines. */
function onlyPage(pdf: TaggedPdf): string[] {
  expect(pdf.pages).toHaveLength(1);
  return outline(pdf.pages[0] ?? []);
}

describe('the PDFs are tagged for screen readers (PDF/UA-1)', () => {
  it('the receipt: a heading, its details as a list, what was paid as a table, in reading order (en-US)', async () => {
    const pdf = await readTaggedPdf(await renderReceiptPdf({ receipt, clientName: 'Sunrise Laboratories', language: 'en-US' }));
    expectTagged(pdf, 'Payment receipt P-ABCDEFGHJK', 'en-US');
    expect(onlyPage(pdf)).toEqual([
      'Document',
      '  P: Sunrise Laboratories',
      '  H1: Payment receipt',
      '  L',
      ...[
        ['Confirmation number', 'P-ABCDEFGHJK'],
        ['Date', 'November 23, 2026 at 10:00 AM UTC'],
        ['Account', 'A-100200'],
        ['Account holder', 'Pat Doe'],
        ['Paid by', 'Pat Doe'],
        ['Email', 'pat.doe@example.com'],
        ['Card', 'Visa ending in 4242'],
      ].flatMap(([label, value]) => ['    LI', `      Lbl: ${label ?? ''}`, `      LBody: ${value ?? ''}`]),
      '  Table',
      '    TR',
      '      TH: Invoice',
      '      TH: Description',
      '      TH: Amount paid',
      '      TH: Balance after',
      '    TR',
      '      TD: SUN-100031',
      '      TD: Complete blood count (CBC) with differential',
      '      TD: $48.50',
      '      TD: $0.00',
      '  P: Total paid $48.50',
    ]);
    expect(pdf.headingScopes).toHaveLength(4);
  });

  it('the receipt, in Spanish, with amounts and dates as Spanish writes them (es-ES)', async () => {
    const pdf = await readTaggedPdf(await renderReceiptPdf({ receipt, clientName: 'Sunrise Laboratories', language: 'es-ES' }));
    expectTagged(pdf, 'Justificante de pago P-ABCDEFGHJK', 'es-ES');
    const lines = onlyPage(pdf);
    expect(lines.slice(0, 6)).toEqual(['Document', '  P: Sunrise Laboratories', '  H1: Justificante de pago', '  L', '    LI', '      Lbl: Número de confirmación']);
    expect(lines).toContain('      LBody: 23 de noviembre de 2026 a las 10:00 UTC');
    expect(lines.slice(-12)).toEqual([
      '  Table',
      '    TR',
      '      TH: Factura',
      '      TH: Descripción',
      '      TH: Importe pagado',
      '      TH: Saldo restante',
      '    TR',
      '      TD: SUN-100031',
      '      TD: Complete blood count (CBC) with differential',
      '      TD: 48,50 US$',
      '      TD: 0,00 US$',
      '  P: Total pagado 48,50 US$',
    ]);
  });

  for (const [language, words] of [
    ['en-US', { title: 'Account statement', open: 'Open invoices', paid: 'Recent payments', date: 'Jan 14, 2026', total: 'Total due $48.50' }],
    ['es-ES', { title: 'Extracto de cuenta', open: 'Facturas pendientes', paid: 'Pagos recientes', date: '14 ene 2026', total: 'Total pendiente 48,50 US$' }],
  ] as const) {
    it(`the statement: a heading, a section heading over each table, each row of cells under column headings (${language})`, async () => {
      const pdf = await readTaggedPdf(await renderStatementPdf({ statement, language }));
      expectTagged(pdf, `${words.title} A-100200`, language);
      const lines = onlyPage(pdf);
      const topLevel = lines.filter((line) => /^ {2}\S/.test(line));
      expect(topLevel).toEqual([
        '  P: Sunrise Laboratories',
        `  H1: ${words.title}`,
        '  L',
        `  H2: ${words.open}`,
        '  Table',
        `  P: ${words.total}`,
        `  H2: ${words.paid}`,
        '  Table',
        expect.stringMatching(/^ {2}P: .*1-800-555-0142\.$/) as string,
      ]);
      expect(lines.filter((line) => line.startsWith('      TH: '))).toHaveLength(9);
      expect(lines).toContain(`      TD: ${words.date}`);
      expect(lines).toContain('      TD: P-ABCDEFGHJK');
      expect(pdf.headingScopes).toHaveLength(9);
    });

    it(`the public documents: a heading, then a heading over each section and its paragraphs (${language})`, async () => {
      for (const kind of ['financialAssistancePolicy', 'billingRightsNotice'] as const) {
        const pdf = await readTaggedPdf(await renderPublicDocumentPdf({ kind, language, client }));
        const roles = pdf.pages.flatMap((page) => outline(page)).map((line) => line.trim().split(':')[0]);
        expect(pdf.title).toMatch(/ - Sunrise Laboratories$/);
        expectTagged(pdf, pdf.title ?? '', language);
        expect(roles.slice(0, 4)).toEqual(['Document', 'P', 'H1', 'P']);
        expect(roles.filter((role) => role === 'H1')).toHaveLength(1);
        // Every section: its heading, then at least one paragraph.
        expect(roles.slice(4).join(' ')).toMatch(/^(H2 (P ?)+)+$/);
      }
    });
  }

  for (const [language, words] of [
    [
      'en-US',
      {
        explained: 'What each bill is for',
        bill: 'Invoice NPP-200018 of Jan 19, 2026, for Noor Doe',
        headings: ['Date', 'Service', 'Charged', 'Insurance', 'Adjusted', 'You paid', 'Left to pay'],
        line: ['Jan 12, 2026', 'Surgical pathology, tissue examination (88305), 2 units; Medica: Paid', '$950.00', '$720.00', '$55.00', '$0.00', '$175.00'],
        dispute: /^ {2}P: You may have the right to dispute this bill: .* that is until May 19, 2026\. The notice of your billing rights/,
      },
    ],
    [
      'es-ES',
      {
        explained: 'Qué incluye cada factura',
        bill: 'Factura NPP-200018 del 19 ene 2026, para Noor Doe',
        headings: ['Fecha', 'Servicio', 'Cargo', 'Seguro', 'Ajustes', 'Pagado', 'Pendiente'],
        line: ['12 ene 2026', 'Surgical pathology, tissue examination (88305), 2 unidades; Medica: Paid', '950,00 US$', '720,00 US$', '55,00 US$', '0,00 US$', '175,00 US$'],
        dispute: /^ {2}P: Puede tener derecho a impugnar esta factura: .* es decir, hasta el 19 may 2026\. El aviso sobre sus derechos/,
      },
    ],
  ] as const) {
    it(`the statement's lines: a heading per bill over a table of its lines, and the dispute notice as a paragraph after it (${language})`, async () => {
      const explained: StatementDocument = { ...statement, account: { ...statement.account, invoices: [invoice, sampleInvoiceAboveEstimate] }, issuedAt: new Date('2026-03-01T09:00:00Z') };
      const pdf = await readTaggedPdf(await renderStatementPdf({ statement: explained, language }));
      expectTagged(pdf, pdf.title ?? '', language);
      const lines = pdf.pages.flatMap((page) => outline(page));
      const topLevel = lines.filter((line) => /^ {2}\S/.test(line));
      const from = topLevel.indexOf(`  H2: ${words.explained}`);
      // Only the invoice with lines is explained; the one without (older data) is not.
      expect(topLevel.slice(from, from + 4)).toEqual([`  H2: ${words.explained}`, `  H3: ${words.bill}`, '  Table', expect.stringMatching(words.dispute) as string]);
      expect(lines.filter((line) => line.startsWith('  H3: '))).toHaveLength(1);
      const table = lines.slice(lines.indexOf(`  H3: ${words.bill}`) + 2);
      expect(table.slice(0, 17)).toEqual([
        '    TR',
        ...words.headings.map((heading) => `      TH: ${heading}`),
        '    TR',
        ...words.line.map((cell) => `      TD: ${cell}`),
        '    TR',
      ]);
    });
  }

  it('a long statement keeps one table across its pages, with the repeated column headings out of the structure', async () => {
    const invoices = Array.from({ length: 60 }, (_, index) => ({ ...invoice, invoiceNumber: `SUN-2${String(index).padStart(5, '0')}` }));
    const bytes = await renderStatementPdf({ statement: { ...statement, account: { ...statement.account, invoices } }, language: 'en-US' });
    const pdf = await readTaggedPdf(bytes);
    expect(pdf.pages.length).toBeGreaterThan(1);
    const all = pdf.pages.flatMap((page) => outline(page));
    // The column headings are in the structure once per table, however many pages it runs onto.
    expect(all.filter((line) => line === '      TH: Invoice')).toHaveLength(1);
    expect(all.filter((line) => line.startsWith('      TD: SUN-2'))).toHaveLength(60);
  });
});
