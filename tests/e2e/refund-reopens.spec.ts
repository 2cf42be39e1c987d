/**
 * A refund on a payment that paid an invoice in full opens that invoice again, everywhere: the
 * patient's invoices with the amount refunded due and counted in the total, and the statement PDF.
 * From the API on: the office refunds part of a payment that paid and closed an invoice, the
 * account's user looks.
 */
import { readPdf } from '../../server/test/pdf-text';
import { fixtureAccounts } from './fixture-data';
import { demo, expect, signIn, test } from './fixtures';
import { signInStaff } from './office-staff';

const account = fixtureAccounts.refundReopens;
const [paid] = account.invoices;
const payment = account.payments[0];

test('a refund of $5.00 on an invoice paid in full puts it back among the open invoices, in the total due and in the statement', async ({ page, browser }) => {
  if (!paid || !payment) throw new Error('The fixture account has an invoice paid and closed by a payment');
  const confirmation = payment.confirmationNumber;

  // The office refunds $5.00 of it, through the console's API.
  const office = await browser.newPage();
  await signInStaff(office, 'billingStaff', { parallelIndex: test.info().parallelIndex });
  const xsrf = (await office.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const refunded = await office.request.post(`/api/console/payments/${confirmation}/refunds`, {
    headers: { 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': crypto.randomUUID() },
    data: { amountCents: 500, reason: 'Charged for a test not done' },
  });
  expect(refunded.status()).toBe(201);
  // The office's statement of the account has it again, with its $5.00.
  const officeStatement = await readPdf(new Uint8Array(await (await office.request.get(`/api/console/accounts/${account.accountNumber}/statement.pdf?language=en-US`)).body()));
  expect(officeStatement.text).toContain(paid.invoiceNumber);
  expect(officeStatement.text.replace(/\s+/g, ' ')).toContain('$193.45');
  await office.close();

  // The patient sees it open again, its $5.00 due and in the total.
  await page.goto('/SUN/login');
  await signIn(page, account.userEmail, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  await expect(page.getByTestId(`balance-${paid.invoiceNumber}`)).toHaveText('$5.00');
  await expect(page.getByTestId('total-due')).toHaveText('$193.45');
  // And in the statement the patient downloads.
  const statement = await readPdf(new Uint8Array(await (await page.request.get('/api/Documents/GetStatementPdf?language=en-US')).body()));
  expect(statement.text).toContain(paid.invoiceNumber);
  expect(statement.text.replace(/\s+/g, ' ')).toContain('$193.45');
});
