import { eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidInvoicesSchema } from '@contracts/accounts';
import { documentListSchema } from '@contracts/documents';
import { invoices } from '../../db/schema';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, resetSessions, useSeededDatabase } from '../../test/harness';

const database = useSeededDatabase();
let browser: TestBrowser;

beforeEach(async () => {
  await resetSessions(database.db);
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

/** Settled with the billing office: the balance is zero, and no payment in the portal made it so. */
const SETTLED_BY_THE_OFFICE = ['SUN-100044', 'DLT-520031'];

afterEach(async () => {
  // Back to what their statements say.
  for (const invoiceNumber of SETTLED_BY_THE_OFFICE) {
    await database.db
      .update(invoices)
      .set({ balanceCents: sql`${invoices.statementBalanceCents}` })
      .where(eq(invoices.invoiceNumber, invoiceNumber));
  }
});

async function paidInvoices() {
  const response = await browser.get('/api/OnlinePayment/GetPaidInvoices');
  const body = (await response.json()) as unknown;
  return { status: response.status, body };
}

async function paidInvoiceNumbers(): Promise<string[]> {
  const { status, body } = await paidInvoices();
  expect(status).toBe(200);
  return v.parse(paidInvoicesSchema, body).invoices.map((invoice) => invoice.invoiceNumber);
}

describe('GET /api/OnlinePayment/GetPaidInvoices', () => {
  it("lists a user's paid invoice with the date and receipt of the payment that paid it, and none of the open ones", async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const { status, body } = await paidInvoices();
    expect(status).toBe(200);
    expect(v.parse(paidInvoicesSchema, body)).toEqual({
      invoices: [
        {
          invoiceNumber: 'SUN-100012',
          description: 'Thyroid stimulating hormone (TSH)',
          invoiceDate: '2026-01-05',
          amountCents: 3900,
          paidAt: '2026-02-06T14:30:00.000Z',
          confirmationNumber: 'P-PATDEMOAAA',
        },
      ],
    });

    // The payment history says what that payment paid on each invoice: one in full, one in part.
    const documents = v.parse(documentListSchema, (await browser.getJson('/api/Documents/GetDocuments')).body);
    expect(documents.account?.payments).toEqual([
      expect.objectContaining({
        confirmationNumber: 'P-PATDEMOAAA',
        totalCents: 8900,
        lines: [
          { invoiceNumber: 'SUN-100012', amountCents: 3900 },
          { invoiceNumber: 'SUN-100035', amountCents: 5000 },
        ],
      }),
    ]);
  });

  it('shows each user and guest only the paid invoices of their own account under the client they signed in to', async () => {
    await database.db.update(invoices).set({ balanceCents: 0 }).where(inArray(invoices.invoiceNumber, SETTLED_BY_THE_OFFICE));

    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber, { clientCode: 'SUN' });
    const guest = await paidInvoices();
    // Settled with the billing office: no payment date or receipt to show.
    expect(v.parse(paidInvoicesSchema, guest.body).invoices).toEqual([expect.objectContaining({ invoiceNumber: 'SUN-100044', paidAt: null, confirmationNumber: null })]);
    const guestDocuments = v.parse(documentListSchema, (await browser.getJson('/api/Documents/GetDocuments')).body);
    expect(guestDocuments.account?.payments).toEqual([]);

    browser = await new TestBrowser(createTestApp(database.db)).open();
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(await paidInvoiceNumbers()).toEqual(['SUN-100012']);

    browser = await new TestBrowser(createTestApp(database.db)).open();
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' });
    expect(await paidInvoiceNumbers()).toEqual(['DLT-520031']);
    const dltDocuments = v.parse(documentListSchema, (await browser.getJson('/api/Documents/GetDocuments')).body);
    expect(dltDocuments.account?.payments).toEqual([]);

    browser = await new TestBrowser(createTestApp(database.db)).open();
    await browser.login('north.doe@example.com', DEMO_PASSWORD, { clientCode: 'NPP' });
    expect(await paidInvoiceNumbers()).toEqual([]);
  });

  it('refuses an anonymous visitor and a disabled account', async () => {
    expect(await paidInvoices()).toEqual({ status: 401, body: { error: 'notSignedIn' } });
    await browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(await paidInvoices()).toEqual({ status: 403, body: { error: 'accountDisabled' } });
  });
});

