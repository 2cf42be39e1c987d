/**
 * A refund gives money back, so what it gives back is owed again: an invoice a payment paid in full
 * goes back to the open ones, with what was given back as its balance, for the patient and the
 * billing office alike, and leaves the paid ones.
 */
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountInformationSchema, paidInvoicesSchema } from '@contracts/accounts';
import { DEMO_PASSWORD, TestBrowser, clientIdOf, createTestApp, useSeededDatabase } from '../../test/harness';
import { createSandboxProcessor } from '../processor/sandbox-processor';
import { createRefundsService } from './refunds.service';

const database = useSeededDatabase();
const office = { kind: 'apiKey', id: 'pbp_0123456789' } as const;
let browser: TestBrowser;

beforeAll(async () => {
  browser = await new TestBrowser(createTestApp(database.db)).open();
  expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
});

const openInvoices = async () => v.parse(accountInformationSchema, (await browser.getJson('/api/OnlinePayment/GetAccountInformation')).body);
const paidInvoiceNumbers = async () => v.parse(paidInvoicesSchema, (await browser.getJson('/api/OnlinePayment/GetPaidInvoices')).body).invoices.map((invoice) => invoice.invoiceNumber);

describe('a refund of a payment that paid an invoice in full', () => {
  it('takes the invoice back to the open ones, with what was given back due, and out of the paid ones', async () => {
    const before = await openInvoices();
    expect(before.invoices.map((invoice) => invoice.invoiceNumber)).not.toContain('SUN-100012');
    expect(await paidInvoiceNumbers()).toContain('SUN-100012');

    // $5.00 of the demo payment, which paid SUN-100012 in full (its first line) and part of SUN-100035.
    const now = () => new Date();
    const refunds = createRefundsService({ db: database.db, processorFor: createSandboxProcessor({ db: database.db, now }).processorFor, now });
    const outcome = await refunds.refund(await clientIdOf(database.db, 'SUN'), 'P-PATDEMOAAA', 'reopen-1', { amountCents: 500, reason: 'Charged twice' }, office);
    expect(outcome.kind).toBe('refunded');

    const after = await openInvoices();
    expect(after.invoices.find((invoice) => invoice.invoiceNumber === 'SUN-100012')).toMatchObject({ balanceCents: 500 });
    expect(after.totalDueCents).toBe(before.totalDueCents + 500);
    expect(await paidInvoiceNumbers()).not.toContain('SUN-100012');
  });
});
