/**
 * The billing office's console, from the door: a staff member signs in with a password and a code
 * from their authenticator app (a wrong password, a wrong or replayed code each said in words); an
 * office admin invites someone, who sets a password and a passkey (Chromium's virtual authenticator
 * plays the device), keeps the recovery codes, and later signs in with the passkey; the audit trail
 * shows every step. A page the role does not include, or that fails to load, says so inside the
 * console. In both languages, at 320 px, by keyboard, with no serious axe finding.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { emailArrives, expect, expectAccessible, hold, tabTo, test } from './fixtures';
import { codeNow, E2E_STAFF_PASSWORD, freshStaff, signInStaff } from './office-staff';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The invitation link of the newest email to `address` in the development outbox. */
async function invitationLink(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
      link = /https?:\/\/[^\s<"]+\/office\/welcome#token=[\w-]{43}/.exec(html)?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  if (!link) throw new Error(`No invitation to ${address}`);
  return new URL(link).pathname + new URL(link).hash;
}

/** A virtual authenticator on the page's browser (a platform passkey that needs no touch). */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('a staff member signs in with the password and a code from the app, by keyboard at 320 px', async ({ page }) => {
  // A whole sign-in by Tab with axe scans at each step: alone it takes about 20 s, under load past 30.
  test.slow();
  await page.setViewportSize({ width: 320, height: 800 });
  const email = freshStaff('billingStaff', 'SUN', test.info().parallelIndex);
  await page.goto('/SUN/office/');
  await expect(heading(page, 'Billing office sign-in')).toBeVisible();
  await expectAccessible(page);
  // A wrong password: said in words, the email kept.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The email or password is not right. Check them and try again.');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await page.getByLabel('Password').fill(E2E_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  const code = page.getByLabel('Code from your authenticator app, or a recovery code');
  await expect(code).toBeVisible();
  await expectAccessible(page);
  // A code of the wrong shape never leaves the page; a wrong one is said.
  await code.fill('12');
  await code.press('Enter');
  await expect(page.getByText('A code from the app is 6 digits; a recovery code is 8 letters and digits, such as ABCD-EFGH.')).toBeVisible();
  const right = await codeNow();
  await code.fill(right === '000000' ? '111111' : '000000');
  await code.press('Enter');
  await expect(page.getByRole('alert')).toContainText('That code is not right, or it was used already.');
  await code.fill(right);
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Today')).toBeVisible();
  await expect(page.getByText(`Sunrise Laboratories billing office · ${email} (Billing staff)`)).toBeVisible();
  // Billing staff manage no staff: no such link.
  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expectAccessible(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(320);
});

test('the same code a second time is refused: each is good once', async ({ page, browser, baseURL }) => {
  const email = freshStaff('readOnly', 'SUN', test.info().parallelIndex);
  const code = await codeNow();
  await page.goto('/SUN/office/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Today')).toBeVisible();
  // Someone who saw the code types it on another device.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await other.goto('/SUN/office/');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(E2E_STAFF_PASSWORD);
  await other.getByRole('button', { name: 'Continue' }).click();
  await other.getByLabel('Code from your authenticator app, or a recovery code').fill(code);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('alert')).toContainText('That code is not right, or it was used already.');
  await other.context().close();
});

test('in Spanish, the sign-in and its messages', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'pbp_language', value: 'es-ES', url: baseURL ?? '' }]);
  await page.addInitScript(() => localStorage.setItem('language', 'es-ES'));
  await page.goto('/SUN/office/');
  await expect(heading(page, 'Acceso a la oficina de facturación')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Escriba su correo electrónico.')).toBeVisible();
  await expectAccessible(page);
});

test('an office admin invites someone, who sets a password and a passkey, and signs in with it later; the audit trail shows it all', async ({ page, browser, baseURL }) => {
  test.slow();
  await signInStaff(page, 'officeAdmin', { parallelIndex: test.info().parallelIndex });
  await page.goto('/SUN/office/staff');
  await expect(heading(page, 'Staff')).toBeVisible();
  const invitee = `invited.${String(Date.now())}.${String(test.info().workerIndex)}@sunriselabs.example`;
  await page.getByLabel('Email').fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption('billingStaff');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`An invitation went to ${invitee}.`);
  await expect(page.getByRole('row', { name: new RegExp(invitee) })).toContainText('Invited');
  await expectAccessible(page);
  // The same email again is refused at its field.
  await page.getByLabel('Email').fill(invitee.toUpperCase());
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText('This email is already staff of this lab.')).toBeVisible();

  // The invitee, on a device of their own.
  const context = await browser.newContext({ baseURL });
  const newcomer = await context.newPage();
  await addVirtualAuthenticator(newcomer);
  const link = await invitationLink(page.request, invitee);
  // The token rides in the fragment, which no server sees, and leaves the address as the page opens.
  expect(link).toMatch(/^\/[A-Z]+\/office\/welcome#token=/);
  await newcomer.goto(link);
  await expect(heading(newcomer, 'Welcome to the billing office')).toBeVisible();
  await expect(newcomer).not.toHaveURL(/token/);
  await newcomer.getByLabel('New password').fill('a long clerk password 42');
  await newcomer.getByLabel('Type it again').fill('a long clerk password 42');
  await newcomer.getByRole('button', { name: 'Set my password' }).click();
  await expect(heading(newcomer, 'Add a second step to your sign-in')).toBeVisible();
  await expectAccessible(newcomer);
  await newcomer.getByRole('button', { name: 'Use a passkey (this device or a security key)' }).click();
  await expect(heading(newcomer, 'Your recovery codes')).toBeVisible();
  await expect(newcomer.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await newcomer.getByRole('button', { name: 'I have kept them: open the console' }).click();
  await expect(heading(newcomer, 'Today')).toBeVisible();
  await newcomer.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(newcomer, 'Billing office sign-in')).toBeVisible();

  // Later: the password, then the passkey.
  await newcomer.getByLabel('Email').fill(invitee);
  await newcomer.getByLabel('Password').fill('a long clerk password 42');
  await newcomer.getByRole('button', { name: 'Continue' }).click();
  await newcomer.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(heading(newcomer, 'Today')).toBeVisible();
  await context.close();

  // The admin's audit trail: the invitation, its refusal, the set-up and both sign-ins.
  await page.goto(`/SUN/office/audit?q=${encodeURIComponent(invitee)}`);
  const trail = page.getByTestId('audit-trail');
  // In words, never the trail's codes.
  await expect(trail).toContainText('Invited a staff member');
  await expect(trail).toContainText('Accepted an invitation');
  await expect(trail).toContainText('Set up a second factor');
  await expect(trail.getByRole('row', { name: /Signed in · with a passkey/ })).toHaveCount(1);
  await expect(trail).not.toContainText('staff.');
  await expect(trail.getByRole('row', { name: /Refused/ }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a page the role does not include, or one that fails to load, says so inside the console, its menu still there', async ({ page }) => {
  await signInStaff(page, 'readOnly', { parallelIndex: test.info().parallelIndex });
  // Staff are office admins' work: the server refuses the list, and the page says why in words.
  await page.goto('/SUN/office/staff');
  await expect(page.getByRole('alert')).toContainText('Your role does not include this page. An office admin can change your role.');
  const menu = page.getByRole('navigation', { name: 'Billing office' });
  await expect(menu.getByRole('link', { name: 'Today' })).toBeVisible();
  await expectAccessible(page);

  // Today's figures fail to load once: said so, with the menu, and Try again loads them.
  let failing = true;
  await page.route('**/api/console/today', (route) => (failing ? route.fulfill({ status: 500, json: { error: 'serverError' } }) : route.fallback()));
  await menu.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not load this page. Check your connection, then try again.');
  await expect(menu).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading(page, 'Today')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A screen slow to load: the menu stays, and the page says it is loading.
  const audit = await hold(page, '**/api/console/audit*');
  await menu.getByRole('link', { name: 'Audit trail' }).click();
  await audit.requested;
  await expect(menu.getByRole('link', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  audit.release();
  await expect(heading(page, 'Audit trail')).toBeVisible();
});
