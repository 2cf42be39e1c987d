/**
 * The billing office's whole first day, on a lab the platform operator has just made with its
 * command (ACM, made by the run's set-up as on a fresh install): its first admin opens the
 * invitation and signs in with a passkey, sets the logo and colours (the patients' sign-in page
 * shows them, rendered by the server), turns online payments on, invites a billing clerk who sets
 * up an authenticator app, uploads a statement file; a patient pays; the clerk refunds part of it;
 * and the audit trail shows every step.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { emailArrives, expect, expectAccessible, test } from './fixtures';
import { payAsGuest } from './patient-api';
import { statement } from './statement-file';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function invitationPath(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
      link = /https?:\/\/[^\s<"]+\/office\/welcome#token=[\w-]{43}/.exec(html)?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  const url = new URL(link ?? '');
  return url.pathname + url.hash;
}

async function setPassword(page: Page, password: string): Promise<void> {
  await expect(heading(page, 'Welcome to the billing office')).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Type it again').fill(password);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(heading(page, 'Add a second step to your sign-in')).toBeVisible();
}

test('a new lab’s office: a passkey, its look, a clerk, a statement, a payment, a refund, and the audit trail of it all', async ({ page, browser, baseURL }) => {
  test.slow();
  // The first admin, invited by the operator's command: a password and a passkey on this device.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(await invitationPath(page.request, 'ops@acme.example'));
  await setPassword(page, 'acme office admin password 1');
  await page.getByRole('button', { name: 'Use a passkey (this device or a security key)' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have kept them: open the console' }).click();
  await expect(heading(page, 'Today')).toBeVisible();
  // Signed out and in again: the password, then the passkey.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill('ops@acme.example');
  await page.getByLabel('Password').fill('acme office admin password 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(heading(page, 'Today')).toBeVisible();

  // The lab's look and settings.
  await page.getByRole('link', { name: 'Branding' }).click();
  await expect(heading(page, 'Branding')).toBeVisible();
  await page.getByLabel(/^Choose a new logo/).setInputFiles({
    name: 'acme.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect width="240" height="60" fill="#5b21b6"/></svg>'),
  });
  await expect(page.getByText("The logo is saved: the patients' pages show it now.")).toBeVisible();
  const logoSrc = (await page.getByRole('img', { name: /logo, as the patients' pages show it/ }).getAttribute('src')) ?? '';
  await page.getByLabel(/^Brand colour/).fill('#5b21b6');
  await page.getByLabel(/^Strong colour/).fill('#4c1d95');
  await page.getByLabel(/^Text on the brand colour/).fill('#ffffff');
  await page.getByLabel(/^Tint/).fill('#f3effd');
  await page.getByRole('button', { name: 'Save the colours' }).click();
  await expect(page.getByText("The colours are saved: the patients' pages wear them now.")).toBeVisible();
  await page.getByLabel('Patients pay online in the portal').selectOption('yes');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: /settings are saved/i })).toBeVisible();
  const signInPage = await (await page.request.get('/ACM/login')).text();
  expect(signInPage).toMatch(/<style data-client-theme nonce="[^"]+">:root\{--brand:#5b21b6;--brand-strong:#4c1d95;--brand-contrast:#ffffff;--brand-tint:#f3effd\}<\/style>/);
  expect(signInPage).toContain(`src="${logoSrc}"`);

  // A billing clerk, invited; on a device of their own, a password and an authenticator app.
  await page.getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('Email').fill('clerk@acme.example');
  await page.getByLabel('Role', { exact: true }).selectOption('billingStaff');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toHaveText('An invitation went to clerk@acme.example.');
  const clerkContext = await browser.newContext({ baseURL });
  const clerk = await clerkContext.newPage();
  await clerk.goto(await invitationPath(page.request, 'clerk@acme.example'));
  await setPassword(clerk, 'acme billing clerk password 2');
  await clerk.getByRole('button', { name: 'Use an authenticator app' }).click();
  // Each step's heading takes the focus; the key comes as a QR code too, drawn in the page.
  await expect(heading(clerk, 'Set up your authenticator app')).toBeFocused();
  await expect(clerk.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = ((await clerk.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s/g, '');
  await clerk.getByLabel('The 6-digit code your app shows').fill(await generate({ secret }));
  await clerk.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(clerk, 'Your recovery codes')).toBeFocused();
  // The codes copy at once, one a line, for a password manager.
  await clerkContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await clerk.getByRole('button', { name: 'Copy the codes' }).click();
  await expect(clerk.getByRole('status').filter({ hasText: 'The ten codes are copied.' })).toBeVisible();
  const shownCodes = await clerk.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(await clerk.evaluate(() => navigator.clipboard.readText())).toBe(shownCodes.join('\n'));
  await expect(clerk.getByRole('button', { name: 'Print the codes' })).toBeVisible();
  await clerk.getByRole('button', { name: 'I have kept them: open the console' }).click();
  await expect(heading(clerk, 'Today')).toBeVisible();

  // The clerk brings the bills in.
  const prefix = `ACM${Date.now().toString(36).toUpperCase()}`;
  await clerk.getByRole('link', { name: 'Imports' }).click();
  await clerk.getByLabel('Statement file (CSV, at most 64 MB)').setInputFiles({ name: `${prefix}.csv`, mimeType: 'text/csv', buffer: statement(prefix, 3) });
  await expect(clerk.getByRole('heading', { name: `Report of ${prefix}.csv: Imported` })).toBeVisible();

  // A patient pays $100.00 as a guest with the statement's numbers.
  const confirmation = await payAsGuest(`${prefix}-1`, `${prefix}-INV-1`, 10000, 'ACM');

  // The clerk refunds $30.00 of it, with a reason.
  await clerk.getByRole('link', { name: 'Payments' }).click();
  await clerk.getByLabel('Account', { exact: true }).fill(`${prefix}-1`);
  await clerk.getByRole('button', { name: 'Search' }).click();
  const row = clerk.getByRole('row', { name: new RegExp(confirmation) });
  await row.getByRole('button', { name: new RegExp(confirmation) }).click();
  await clerk.getByLabel('Amount to refund').fill('30.00');
  await clerk.getByLabel('Reason').fill('Billed for a test that was not done');
  await clerk.getByRole('button', { name: 'Refund to the card' }).click();
  await clerk.getByRole('alertdialog').getByRole('button', { name: 'Yes, refund $30.00' }).click();
  await expect(clerk.getByRole('status').filter({ hasText: /Refund R-\S+ of \$30\.00 made on/ })).toBeVisible();
  await clerkContext.close();

  // The audit trail: every step, with who did it.
  await page.getByRole('link', { name: 'Audit trail' }).click();
  const trail = page.getByTestId('audit-trail');
  for (const [who, what] of [
    ['operator:', 'Added the lab'],
    ['operator:', 'Invited a staff member'],
    ['ops@acme.example', 'Accepted an invitation'],
    ['ops@acme.example', 'Set up a second factor'],
    ['ops@acme.example', 'Signed in'],
    ['ops@acme.example', 'Changed the logo'],
    ['ops@acme.example', 'Changed the colours'],
    ['ops@acme.example', "Changed the lab's settings"],
    ['ops@acme.example', 'Invited a staff member'],
    ['clerk@acme.example', 'Set up a second factor'],
    ['clerk@acme.example', 'Imported a statement file'],
    ['clerk@acme.example', 'Refunded a payment'],
  ] as const) {
    await expect(trail.getByRole('row').filter({ hasText: who }).filter({ hasText: what }).first()).toBeVisible();
  }
  await expectAccessible(page);
});
