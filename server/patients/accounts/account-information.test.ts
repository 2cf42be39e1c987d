import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountInformationSchema } from '@contracts/accounts';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, resetSessions, useSeededDatabase } from '../../test/harness';

const database = useSeededDatabase();
let browser: TestBrowser;

beforeEach(async () => {
  await resetSessions(database.db);
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

async function accountInformation() {
  const response = await browser.get('/api/OnlinePayment/GetAccountInformation');
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /api/OnlinePayment/GetAccountInformation', () => {
  it("lists a billing user's open invoices under the client they signed in with, and the total due", async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    const { status, body } = await accountInformation();
    expect(status).toBe(200);
    const information = v.parse(accountInformationSchema, body);
    expect(information.accountNumber).toBe('A-100200');
    expect(information.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['SUN-100031', 'SUN-100035', 'SUN-100039']);
    expect(information.invoices.find((invoice) => invoice.invoiceNumber === 'SUN-100035')).toMatchObject({
      amountCents: 12675,
      balanceCents: 7675,
    });
    expect(information.totalDueCents).toBe(4850 + 7675 + 6320);
  });

  it('shows the same user only the other client’s account when signed in there', async () => {
    await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' });
    const information = v.parse(accountInformationSchema, (await accountInformation()).body);
    expect(information.accountNumber).toBe('D-520100');
    expect(information.invoices.every((invoice) => invoice.invoiceNumber.startsWith('DLT-'))).toBe(true);
  });

  it("gives a guest their own account's open invoices", async () => {
    await browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber, { clientCode: 'SUN' });
    const information = v.parse(accountInformationSchema, (await accountInformation()).body);
    expect(information.accountNumber).toBe('A-778899');
    expect(information.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['SUN-100042', 'SUN-100044']);
    expect(information.totalDueCents).toBe(5400 + 2750);
  });

  it('refuses a disabled account and an anonymous visitor', async () => {
    expect(await accountInformation()).toEqual({ status: 401, body: { error: 'notSignedIn' } });
    await browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
    expect(await accountInformation()).toEqual({ status: 403, body: { error: 'accountDisabled' } });
  });
});
