/**
 * Member information, update email and sign out everywhere, in Chromium over the real server:
 * each test signs in with a fixture account of its own, and reads the emailed links from the
 * development outbox (no SMTP here).
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { chooseLanguage, demo, demoDisabledUser, expect, expectAccessible, signIn, test, emailArrives } from './fixtures';

type Language = 'en-US' | 'es-ES';

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });
}

/** Signs a user in under SUN in the given language and waits for the invoices. */
async function signInUser(page: Page, email: string, language: Language = 'en-US'): Promise<void> {
  await page.goto('/SUN/login');
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await signIn(page, email, demo.password);
  await expect(heading(page, language === 'es-ES' ? 'Sus facturas' : 'Your invoices')).toBeVisible();
}

/**
 * The confirmation link of the newest email to `address`, read from the development outbox (the
 * page escapes the text, so links come back as written).
 */
async function linkSentTo(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
      const email = html.split('<article>').find((article) => article.includes(`To: ${address} `));
      link = /https?:\/\/[^\s<]+\/confirmation\/update#token=[\w-]{43}/.exec(email ?? '')?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  if (!link) throw new Error(`No confirmation link to ${address}`);
  return link;
}

/** The outbox's emails to `address`: subject and body, newest first. */
async function emailsTo(request: APIRequestContext, address: string): Promise<string[]> {
  const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
  return html.split('<article>').filter((article) => article.includes(`To: ${address} `));
}

/** A page of a browser of its own (its own cookies): another device. */
async function anotherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
  return context.newPage();
}

test.describe('member information', () => {
  test('shows the name, company, email, accounts per provider and language, and saves a new name and company', async ({ page }) => {
    const account = fixtureAccounts.memberDetails;
    await signInUser(page, account.userEmail);
    await page.getByRole('link', { name: 'Member information' }).first().click();
    await expect(heading(page, 'Member information')).toBeVisible();

    await expect(page.getByLabel('First name')).toHaveValue('Quinn');
    await expect(page.getByLabel('Last name')).toHaveValue('Doe');
    await expect(page.getByLabel('Company (optional)')).toHaveValue('');
    await expect(page.getByLabel('First name')).toHaveAttribute('autocomplete', 'given-name');
    await expect(page.getByLabel('Last name')).toHaveAttribute('autocomplete', 'family-name');
    await expect(page.getByLabel('Company (optional)')).toHaveAttribute('autocomplete', 'organization');
    await expect(page.getByTestId('member-email')).toHaveText(account.userEmail);
    const sunrise = page.getByRole('row').filter({ hasText: 'Sunrise Laboratories' });
    await expect(sunrise.getByRole('cell')).toHaveText(account.accountNumber);
    await expect(page.getByRole('region', { name: 'Who is registered for your accounts' }).getByRole('listitem').filter({ hasText: account.accountNumber })).toContainText(
      `Quinn Doe (${account.userEmail}) registered `,
    );
    await expect(sunrise).toContainText('(signed in here now)');
    await expect(page.getByTestId('member-language')).toHaveText('English (US)');
    await expectAccessible(page);

    await page.getByLabel('First name').fill('  Quinn-Marie ');
    await page.getByLabel('Company (optional)').fill('Acme Clinic');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your name and company are saved.')).toBeVisible();
    // The form shows what the server stored: trimmed.
    await expect(page.getByLabel('First name')).toHaveValue('Quinn-Marie');
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Quinn-Marie');
    await expect(page.getByLabel('Company (optional)')).toHaveValue('Acme Clinic');
  });

  test('shows each of pat.doe’s providers with its account number', async ({ page }) => {
    await signInUser(page, demo.pat);
    await page.goto('/SUN/member');
    await expect(page.getByRole('row').filter({ hasText: 'Sunrise Laboratories' }).getByRole('cell')).toHaveText('A-100200');
    const delta = page.getByRole('row').filter({ hasText: 'Delta Diagnostics' });
    await expect(delta).toContainText('(DLT 52)');
    await expect(delta.getByRole('cell')).toHaveText('D-520100');
    // Each account with everyone registered for it: pat.doe alone.
    const registered = page.getByRole('region', { name: 'Who is registered for your accounts' });
    await expect(registered.getByRole('heading', { level: 3 })).toHaveText(['Sunrise Laboratories · A-100200', 'Delta Diagnostics · D-520100']);
    await expect(registered.getByRole('listitem').getByRole('listitem')).toHaveText(
      Array.from({ length: 2 }, () => /^Pat Doe \(pat\.doe@example\.com\) registered [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    );
    await expect(delta).not.toContainText('signed in here now');
  });

  for (const [language, account, words] of [
    [
      'en-US',
      fixtureAccounts.memberBadInput,
      {
        title: 'Member information',
        firstName: 'First name',
        lastName: 'Last name',
        company: 'Company (optional)',
        save: 'Save changes',
        firstNameRequired: 'Enter your first name.',
        tooLong: 'This is too long: at most 100 characters.',
      },
    ],
    [
      'es-ES',
      fixtureAccounts.memberBadInputEs,
      {
        title: 'Información del titular',
        firstName: 'Nombre',
        lastName: 'Apellidos',
        company: 'Empresa (opcional)',
        save: 'Guardar los cambios',
        firstNameRequired: 'Introduzca su nombre.',
        tooLong: 'Es demasiado largo: como máximo 100 caracteres.',
      },
    ],
  ] as const) {
    test(`refuses bad input at the fields, in ${language}, keeping what was typed`, async ({ page }) => {
      await signInUser(page, account.userEmail, language);
      await page.goto('/SUN/member');
      await expect(heading(page, words.title)).toBeVisible();
      const firstName = page.getByLabel(words.firstName, { exact: true });
      const lastName = page.getByLabel(words.lastName, { exact: true });

      // Typing shows nothing; leaving the field does.
      await firstName.fill('');
      await expect(page.getByText(words.firstNameRequired)).toHaveCount(0);
      await lastName.focus();
      await expect(firstName).toHaveAccessibleDescription(words.firstNameRequired);

      await lastName.fill('D'.repeat(101));
      await page.getByLabel(words.company).fill('Acme');
      await page.getByRole('button', { name: words.save }).click();
      await expect(lastName).toHaveAccessibleDescription(words.tooLong);
      // The focus goes to the first field to fix; nothing typed is lost.
      await expect(firstName).toBeFocused();
      await expect(lastName).toHaveValue('D'.repeat(101));
      await expect(page.getByLabel(words.company)).toHaveValue('Acme');
      await expectAccessible(page);

      // Nothing was saved.
      await page.reload();
      await expect(firstName).toHaveValue(account.holderName.split(' ')[0] ?? '');
      await expect(page.getByLabel(words.company)).toHaveValue('');
    });
  }

  test('a disabled account can read its information but not change its email address', async ({ page }) => {
    await signInUser(page, demoDisabledUser);
    await page.goto('/SUN/member');
    await expect(page.getByTestId('member-email')).toHaveText(demoDisabledUser);
    await expect(page.getByRole('link', { name: 'Change your email address' })).toHaveCount(0);
    await page.goto('/SUN/email');
    await expect(page.getByText('This account is disabled, so its email address cannot be changed here. Please contact us.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('update email', () => {
  test('changes the address only once the link sent to it is opened (signing in first), then the new address signs in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const account = fixtureAccounts.emailChange;
    const newEmail = `e2e.email.changed.${String(Date.now())}@example.com`;
    await signInUser(page, account.userEmail);
    await page.goto('/SUN/member');
    await page.getByRole('link', { name: 'Change your email address' }).click();
    await expect(heading(page, 'Update email')).toBeVisible();
    await expect(page.getByTestId('current-email')).toHaveText(account.userEmail);
    await expect(page.getByLabel('New email address')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await expectAccessible(page);

    // A wrong password is the server's refusal, shown at its field; the address stays.
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Current password').fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('This is not your current password.');
    await expect(page.getByLabel('Current password')).toBeFocused();
    await expect(page.getByLabel('New email address')).toHaveValue(newEmail);
    await expectAccessible(page);

    await page.getByLabel('Current password').fill(demo.password);
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(page.getByTestId('link-sent')).toContainText(`We sent a link to ${newEmail}.`);
    await expect(page.getByTestId('link-sent')).toBeFocused();
    await expectAccessible(page);
    // The current address is told, without the link.
    const notices = await emailsTo(page.request, account.userEmail);
    expect(notices.join('\n')).toContain(`a change of your email address was requested`);
    expect(notices.join('\n')).not.toContain('#token=');

    // Nothing has changed yet.
    await page.goto('/SUN/member');
    await expect(page.getByTestId('member-email')).toHaveText(account.userEmail);

    // The link, opened on another device where nobody is signed in: sign in first (with the
    // current address), then the change happens and the success screen follows.
    const link = await linkSentTo(page.request, newEmail);
    const phone = await anotherDevice(browser, baseURL);
    await phone.goto(link);
    await expect(heading(phone, 'Sign in')).toBeVisible();
    // The token is not in the address bar, nor remembered in the page to come back to.
    expect(phone.url()).not.toContain('token');
    await signIn(phone, account.userEmail, demo.password);
    await expect(heading(phone, 'Your email address has been changed')).toBeVisible();
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Stay on this page' }).click();
    await phone.getByRole('link', { name: 'Go to the next page now' }).click();
    await expect(phone.getByTestId('member-email')).toHaveText(newEmail);

    // The link works once.
    await phone.goto(link);
    await expect(phone.getByTestId('link-failed')).toBeVisible();

    // The new address signs in; the old one no longer does.
    const laptop = await anotherDevice(browser, baseURL);
    await laptop.goto('/SUN/login');
    await signIn(laptop, account.userEmail, demo.password);
    await expect(laptop.getByText('The email or password is incorrect.')).toBeVisible();
    await signIn(laptop, newEmail, demo.password);
    await expect(heading(laptop, 'Your invoices')).toBeVisible();
    await expect(laptop.getByTestId('account-email')).toHaveText(newEmail);
    await phone.context().close();
    await laptop.context().close();
  });

  test('answers an address that is taken like any other; its link then fails calmly', async ({ page }) => {
    const account = fixtureAccounts.emailTaken;
    await signInUser(page, account.userEmail);
    await page.goto('/SUN/email');
    await page.getByLabel('New email address').fill(demo.pat);
    await page.getByLabel('Current password').fill(demo.password);
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(page.getByTestId('link-sent')).toContainText(`We sent a link to ${demo.pat}.`);

    await page.goto(await linkSentTo(page.request, demo.pat));
    await expect(page.getByTestId('link-failed')).toContainText('This link cannot change your email address.');
    await expect(page.getByText('Your email address has not changed. You can ask for a new link.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/SUN/member');
    await expect(page.getByTestId('member-email')).toHaveText(account.userEmail);
  });

  test('a made-up link fails calmly, in Spanish too', async ({ page }) => {
    await signInUser(page, fixtureAccounts.memberBadInputEs.userEmail, 'es-ES');
    await page.goto(`/SUN/confirmation/update#token=${'A'.repeat(43)}`);
    await expect(page.getByTestId('link-failed')).toContainText('Este enlace no puede cambiar su dirección de correo electrónico.');
    await expect(page).toHaveURL(/\/SUN\/confirmation\/update$/);
    await expectAccessible(page);
  });

  test('refuses bad input at the fields in Spanish, keeping what was typed', async ({ page }) => {
    const account = fixtureAccounts.memberBadInputEs;
    await signInUser(page, account.userEmail, 'es-ES');
    await page.goto('/SUN/email');
    await expect(heading(page, 'Cambiar correo electrónico')).toBeVisible();
    const newEmail = page.getByLabel('Nueva dirección de correo electrónico');
    await newEmail.fill(account.userEmail.toUpperCase());
    await page.getByLabel('Contraseña actual').focus();
    await expect(newEmail).toHaveAccessibleDescription('Esta ya es su dirección de correo electrónico. Introduzca la nueva.');
    await newEmail.fill('nombre@');
    await page.getByRole('button', { name: 'Enviar el enlace de confirmación' }).click();
    await expect(newEmail).toHaveAccessibleDescription('Introduzca una dirección de correo como nombre@ejemplo.com.');
    await expect(page.getByLabel('Contraseña actual')).toHaveAccessibleDescription('Introduzca su contraseña actual.');
    await expect(newEmail).toBeFocused();
    await expect(newEmail).toHaveValue('nombre@');
    await expectAccessible(page);
  });
});

test.describe('sign out on every device', () => {
  test('ends this session and the one on another device, and the sign-in page says so', async ({ page, browser, baseURL }) => {
    const account = fixtureAccounts.signOutEverywhere;
    const tablet = await anotherDevice(browser, baseURL);
    await signInUser(tablet, account.userEmail);
    await signInUser(page, account.userEmail);
    await page.goto('/SUN/member');

    await page.getByRole('button', { name: 'Sign out on every device' }).click();
    // Asked first; the question takes the focus. Cancelling gives it back.
    await expect(page.getByText('Sign out on every device now? You will need to sign in again here too.')).toBeFocused();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Sign out on every device' })).toBeFocused();
    await page.getByRole('button', { name: 'Sign out on every device' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();

    await expect(heading(page, 'Sign in')).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/login$/);
    await expect(page.getByText('You have signed out on every device, this one included.')).toBeVisible();
    await expectAccessible(page);

    // The other device is signed out too: the server no longer knows its session.
    const status = (await (await tablet.request.get('/api/User/GetIsUserLoggedIn')).json()) as { userRole: string | null };
    expect(status.userRole).toBeNull();
    await tablet.goto('/SUN/member');
    await expect(heading(tablet, 'Sign in')).toBeVisible();
    await tablet.context().close();
  });
});
