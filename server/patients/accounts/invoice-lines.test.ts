import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountInformationSchema } from '@contracts/accounts';
import { invoices } from '../../db/schema';
import { readPdf } from '../../test/pdf-text';
import { DEMO_PASSWORD, TestBrowser, createTestApp, putInvoiceLines, resetSessions, useSeededDatabase, type TestInvoiceLine } from '../../test/harness';

const database = useSeededDatabase();
let browser: TestBrowser;

/** SUN-100035's lines as its statement file gives them (the seed loads it). */
const sun100035: TestInvoiceLine[] = [
  { serviceDate: '2026-01-30', procedureCode: '80053', description: 'Comprehensive metabolic panel', chargeCents: 21000, insurancePaidCents: 8500, adjustmentsCents: 1525, patientPaidCents: 5000, payerName: 'Blue Cross Blue Shield of Illinois', claimStatus: 'Paid' },
  { serviceDate: '2026-01-30', procedureCode: '36415', description: 'Venipuncture (blood draw)', chargeCents: 1800, insurancePaidCents: 0, adjustmentsCents: 100, patientPaidCents: 0, payerName: 'Blue Cross Blue Shield of Illinois', claimStatus: 'Paid' },
];

beforeAll(async () => {
  // The same lines again, stored last first: the summary's order is then its own query's.
  await putInvoiceLines(database.db, { clientCode: 'SUN', invoiceNumber: 'SUN-100035', goodFaithEstimateCents: 15000, patientName: 'Pat Doe' }, sun100035);
  // An older invoice, from before the statement feed: no lines.
  await putInvoiceLines(database.db, { clientCode: 'SUN', invoiceNumber: 'SUN-100031', patientName: 'Pat Doe' }, []);
});

beforeEach(async () => {
  await resetSessions(database.db);
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

afterEach(async () => {
  await database.db.update(invoices).set({ closedAt: null }).where(sql`${invoices.closedAt} is not null`);
});

async function accountInformation() {
  const response = await browser.get('/api/OnlinePayment/GetAccountInformation');
  expect(response.status).toBe(200);
  return v.parse(accountInformationSchema, await response.json());
}

describe('what each open invoice is for, in the account summary', () => {
  it("lists an invoice's lines in line order with what insurance paid and adjusted, what was paid and what is left, and the payer and claim", async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const invoice = (await accountInformation()).invoices.find((each) => each.invoiceNumber === 'SUN-100035');
    expect(invoice).toMatchObject({ patientName: 'Pat Doe', goodFaithEstimateCents: 15000, amountCents: 12675, balanceCents: 7675 });
    expect(invoice?.lines).toEqual([
      {
        lineNumber: 1,
        serviceDate: '2026-01-30',
        procedureCode: '80053',
        description: 'Comprehensive metabolic panel',
        units: 1,
        chargeCents: 21000,
        insurancePaidCents: 8500,
        adjustmentsCents: 1525,
        patientPaidCents: 5000,
        balanceCents: 5975,
        payerName: 'Blue Cross Blue Shield of Illinois',
        claimStatus: 'Paid',
      },
      {
        lineNumber: 2,
        serviceDate: '2026-01-30',
        procedureCode: '36415',
        description: 'Venipuncture (blood draw)',
        units: 1,
        chargeCents: 1800,
        insurancePaidCents: 0,
        adjustmentsCents: 100,
        patientPaidCents: 0,
        balanceCents: 1700,
        payerName: 'Blue Cross Blue Shield of Illinois',
        claimStatus: 'Paid',
      },
    ]);
  });

  it('shows an invoice without lines (older data) with an empty list, no estimate, and every invoice once', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const information = await accountInformation();
    expect(information.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['SUN-100031', 'SUN-100035', 'SUN-100039']);
    expect(information.invoices[0]).toMatchObject({ invoiceNumber: 'SUN-100031', lines: [], goodFaithEstimateCents: null });
    expect(information.totalDueCents).toBe(4850 + 7675 + 6320);
  });

  it('leaves out an invoice the billing office closed, though a balance is left on it', async () => {
    await database.db
      .update(invoices)
      .set({ closedAt: new Date('2026-02-28T00:00:00Z') })
      .where(and(eq(invoices.invoiceNumber, 'SUN-100035')));
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const information = await accountInformation();
    expect(information.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['SUN-100031', 'SUN-100039']);
    expect(information.totalDueCents).toBe(4850 + 6320);
  });

  it("gives each client's session only that client's lines", async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' });
    const delta = await accountInformation();
    expect(delta.invoices.flatMap((invoice) => invoice.lines.map((line) => line.procedureCode))).toEqual(['80048', '85610']);
    expect(delta.invoices.every((invoice) => invoice.invoiceNumber.startsWith('DLT-'))).toBe(true);

    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const sunrise = await accountInformation();
    expect(sunrise.invoices.flatMap((invoice) => invoice.lines.map((line) => line.procedureCode))).toEqual(['80053', '36415', '80061']);
  });

  it("prints the same lines on the account's statement, in the language asked", async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const response = await browser.get('/api/Documents/GetStatementPdf?language=es-ES');
    expect(response.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await response.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Factura SUN-100035 del 3 feb 2026, para Pat Doe');
    expect(text).toContain('Comprehensive metabolic panel (80053), 1 unidad; Blue Cross Blue Shield of Illinois: Paid');
    expect(text).toContain('210,00 US$ 85,00 US$ 15,25 US$ 50,00 US$ 59,75 US$');
    expect(text).toContain('18,00 US$ 0,00 US$ 1,00 US$ 0,00 US$ 17,00 US$');
    // $228.00 against an estimate of $150.00: no dispute.
    expect(text).not.toContain('impugnar');
  });
});
