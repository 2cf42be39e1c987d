/**
 * Getting back in and changing the password, in Chromium over the real server: forgot → the
 * emailed link → reset (an older session ends, the new password works, the link works once), the
 * same "sent" page for an unknown address, an expired password that holds every page back until it
 * is changed, and the change while signed in (the other browser is signed out). Each test has a
 * fixture account of its own, and reads the emailed links from the development outbox.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, signIn, test, emailArrives } from './fixtures';

const NEW_PASSWORD = 'Lantern quiet harbor 42';

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });
}

/** The outbox's emails to `address`, newest first (the page escapes the text, so links come back as written). */
async function emailsTo(request: APIRequestContext, address: string): Promise<string[]> {
  const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
  return html.split('<article>').filter((article) => article.includes(`To: ${address} `));
}

/** The reset link of the newest email to `address`. */
async function resetLinkSentTo(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await emailsTo(request, address)).map((email) => /https?:\/\/[^\s<]+\/resetpassword#token=[\w-]{43}/.exec(email)?.[0]).find(Boolean);
      return link;
    }, emailArrives)
    .toBeDefined();
  if (!link) throw new Error(`No reset link to ${address}`);
  return link;
}

/** A page of a browser of its own (its own cookies): another device. */
async function anotherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('language', 'en-US'));
  return context.newPage();
}

/** Signs in under SUN with `password` and waits for where the sign-in leads. */
async function signInUser(page: Page, email: string, password = demo.password): Promise<void> {
  await page.goto('/SUN/login');
  await signIn(page, email, password);
}

test.describe('forgotten password', () => {
  test('forgot → emailed link → reset: an older session is gone, the new password works, and the link works once', async ({ page, browser, baseURL, request }) => {
    // Several sign-ins (each a memory-hard hash) and axe runs: more than the default time on a shared machine.
    test.slow();
    const { userEmail } = fixtureAccounts.passwordReset;
    const laptop = await anotherDevice(browser, baseURL);
    await signInUser(laptop, userEmail);
    await expect(heading(laptop, 'Your invoices')).toBeVisible();

    await page.goto('/SUN/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(heading(page, 'Forgot your password?')).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('autocomplete', 'username');
    await expectAccessible(page);
    await email.fill(userEmail);
    await page.getByRole('button', { name: 'Send the link' }).click();

    await expect(heading(page, 'Check your email')).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/forgot\/password\/email$/);
    await expect(page.getByTestId('reset-link-sent')).toContainText(`We sent a link to reset your password to ${userEmail}.`);
    expect(await page.evaluate(() => sessionStorage.getItem('forgotPasswordEmail'))).toBe(userEmail);
    await expectAccessible(page);

    const link = await resetLinkSentTo(request, userEmail);
    await page.goto(link);
    await expect(heading(page, 'Reset your password')).toBeVisible();
    // The token left the address bar at once.
    await expect(page).toHaveURL(/\/SUN\/resetpassword$/);
    await expect(page.getByTestId('reset-account')).toHaveText(userEmail);
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(heading(page, 'Your password has been reset')).toBeVisible();
    await expectAccessible(page);

    // The laptop's session ended with the reset.
    await laptop.goto('/SUN/invoices');
    await expect(heading(laptop, 'Sign in')).toBeVisible();
    await laptop.context().close();

    // The old password no longer signs in; the new one does.
    await signInUser(page, userEmail);
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await signIn(page, userEmail, NEW_PASSWORD);
    await expect(heading(page, 'Your invoices')).toBeVisible();
    const [notice] = await emailsTo(request, userEmail);
    expect(notice).toContain('Sunrise Laboratories: your password was changed');

    // The used link says so calmly and offers a new one, with the address kept.
    await page.goto(link);
    await expect(page.getByTestId('reset-link-invalid')).toContainText('This link cannot be used to reset your password.');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(heading(page, 'Forgot your password?')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(userEmail);
  });

  test('opened anew, the pages offer the address asked for last, and an address typed over it is sent as typed', async ({ page }) => {
    const first = 'first.unknown.e2e@example.com';
    const second = 'second.unknown.e2e@example.com';
    const ask = async (address: string) => {
      await page.getByLabel('Email').fill(address);
      await expect(page.getByLabel('Email')).toHaveValue(address);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(heading(page, 'Check your email')).toBeVisible();
      await expect(page.getByTestId('reset-link-sent')).toContainText(address);
    };
    await page.goto('/SUN/forgotpassword');
    await ask(first);
    // Loaded anew (only this tab's session storage knows the address): the sent page still names it.
    await page.reload();
    await expect(page.getByTestId('reset-link-sent')).toContainText(first);
    await page.goto('/SUN/forgotpassword');
    await expect(page.getByLabel('Email')).toHaveValue(first);
    await ask(second);
  });

  test('an unknown address gets the same "sent" page as a known one, in Spanish', async ({ page, request }) => {
    test.slow();
    const known = fixtureAccounts.passwordResetEs.userEmail;
    const unknown = 'nobody.at.all.e2e@example.com';
    const sentPage = async (address: string) => {
      await page.goto('/SUN/forgotpassword');
      await chooseLanguage(page, 'es-ES');
      await expect(heading(page, '¿Ha olvidado su contraseña?')).toBeVisible();
      // The form offers the address asked for last (the app's, once it has the page): typed over.
      await appHasTakenOver(page);
      await page.getByLabel('Correo electrónico').fill(address);
      await page.getByRole('button', { name: 'Enviar el enlace' }).click();
      await expect(heading(page, 'Revise su correo electrónico')).toBeVisible();
      return (await page.getByTestId('reset-link-sent').innerText()).replace(address, '<address>');
    };
    const forKnown = await sentPage(known);
    await expectAccessible(page);
    const forUnknown = await sentPage(unknown);
    expect(forUnknown).toBe(forKnown);
    expect(forUnknown).toContain('Hemos enviado un enlace para restablecer su contraseña a <address>.');
    await resetLinkSentTo(request, known);
    expect(await emailsTo(request, unknown)).toEqual([]);
  });

  for (const language of ['en-US', 'es-ES'] as const) {
    test(`bad input at the forgotten-password form shows the field's message and keeps the text (${language})`, async ({ page }) => {
      const words =
        language === 'en-US'
          ? { email: 'Email', send: 'Send the link', message: 'Enter an email address like name@example.com.' }
          : { email: 'Correo electrónico', send: 'Enviar el enlace', message: 'Introduzca una dirección de correo como nombre@ejemplo.com.' };
      await page.goto('/SUN/forgotpassword');
      if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
      const email = page.getByLabel(words.email);
      await email.fill('pat.doe@');
      await email.blur();
      await expect(page.getByText(words.message)).toBeVisible();
      await page.getByRole('button', { name: words.send }).click();
      await expect(email).toBeFocused();
      await expect(email).toHaveValue('pat.doe@');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);
    });
  }

  test('too many sign-in attempts offer the reset link', async ({ page }) => {
    test.slow();
    await page.goto('/SUN/login');
    const address = `e2e.throttled.${String(Date.now())}@example.com`;
    for (let attempt = 0; attempt < 7; attempt++) {
      await signIn(page, address, `Wrong-guess-${String(attempt)}-xyz`);
      await expect(page.getByRole('alert')).toBeVisible();
      if (await page.getByTestId('reset-offer').isVisible()) break;
    }
    const offer = page.getByTestId('reset-offer');
    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await offer.getByRole('link', { name: 'reset your password by email' }).click();
    await expect(heading(page, 'Forgot your password?')).toBeVisible();
  });
});

test.describe('expired password', () => {
  test('the demo expired.doe lands on update password first, and no other page opens', async ({ page }) => {
    test.slow();
    // The server refuses an expired password everything but changing it; the pages never ask for more.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await signInUser(page, 'expired.doe@example.com');
    await expect(heading(page, 'Update password')).toBeVisible();
    await expect(page.getByTestId('password-expired')).toBeVisible();
    await expectAccessible(page);
    for (const path of ['/SUN/invoices', '/SUN/member', '/SUN/about']) {
      await page.goto(path);
      await expect(heading(page, 'Update password')).toBeVisible();
    }
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Update password' }).click();
    await expect(heading(page, 'Update password')).toBeVisible();
    expect(refused).toEqual([]);
  });

  test('a user whose password was marked for change reaches the invoices only after changing it', async ({ page, request }) => {
    test.slow();
    const { userEmail } = fixtureAccounts.passwordExpired;
    await signInUser(page, userEmail);
    await expect(heading(page, 'Update password')).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/password$/);
    // The menu offers nothing the expired password holds back; an address typed leads back here.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Update password' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'View invoices' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Member information' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Online payment' })).toHaveCount(0);
    await page.goto('/SUN/invoices');
    await expect(heading(page, 'Update password')).toBeVisible();

    await page.getByLabel('Current password').fill(demo.password);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect(heading(page, 'Your password has been changed')).toBeVisible();
    // Changed, the whole menu is back.
    await expect(menu.getByRole('link', { name: 'View invoices' })).toBeVisible();
    await page.goto('/SUN/invoices');
    await expect(heading(page, 'Your invoices')).toBeVisible();
    await expect.poll(async () => (await emailsTo(request, userEmail)).length).toBe(1);
  });
});

test.describe('update password', () => {
  test('changing the password keeps this session and ends the other one', async ({ page, browser, baseURL, request }) => {
    test.slow();
    const { userEmail } = fixtureAccounts.passwordUpdate;
    const phone = await anotherDevice(browser, baseURL);
    await signInUser(phone, userEmail);
    await expect(heading(phone, 'Your invoices')).toBeVisible();
    await signInUser(page, userEmail);
    await expect(heading(page, 'Your invoices')).toBeVisible();

    await page.getByRole('link', { name: 'Update password' }).first().click();
    await expect(heading(page, 'Update password')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await expect(page.getByLabel('Confirm the new password')).toHaveAttribute('autocomplete', 'new-password');
    await expectAccessible(page);
    await page.getByLabel('Current password').fill(demo.password);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect(heading(page, 'Your password has been changed')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/SUN/invoices');
    await expect(heading(page, 'Your invoices')).toBeVisible();
    await phone.goto('/SUN/invoices');
    await expect(heading(phone, 'Sign in')).toBeVisible();
    await signIn(phone, userEmail, NEW_PASSWORD);
    await expect(heading(phone, 'Your invoices')).toBeVisible();
    await phone.context().close();
    const [notice] = await emailsTo(request, userEmail);
    expect(notice).toContain('Sunrise Laboratories: your password was changed');
  });

  for (const language of ['en-US', 'es-ES'] as const) {
    test(`bad input at update password shows each field's message and keeps the text (${language})`, async ({ page }) => {
      test.slow();
      const account = language === 'en-US' ? fixtureAccounts.passwordBadInput : fixtureAccounts.passwordBadInputEs;
      const words =
        language === 'en-US'
          ? {
              current: 'Current password',
              new: 'New password',
              confirm: 'Confirm the new password',
              change: 'Change the password',
              tooShort: 'Use at least 12 characters.',
              mismatch: 'The two passwords are not the same.',
              incorrect: 'This is not your current password.',
              common: 'This password is too common and easy to guess. Choose another one.',
            }
          : {
              current: 'Contraseña actual',
              new: 'Contraseña nueva',
              confirm: 'Confirme la contraseña nueva',
              change: 'Cambiar la contraseña',
              tooShort: 'Use al menos 12 caracteres.',
              mismatch: 'Las dos contraseñas no coinciden.',
              incorrect: 'Esta no es su contraseña actual.',
              common: 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.',
            };
      await signInUser(page, account.userEmail);
      await expect(heading(page, 'Your invoices')).toBeVisible();
      if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
      await page.goto('/SUN/password');
      const current = page.getByLabel(words.current);
      const fresh = page.getByLabel(words.new, { exact: true });
      const confirm = page.getByLabel(words.confirm);

      await current.fill(demo.password);
      await fresh.fill('short');
      await fresh.blur();
      await expect(page.getByText(words.tooShort)).toBeVisible();
      await confirm.fill('different');
      await page.getByRole('button', { name: words.change }).click();
      await expect(fresh).toBeFocused();
      await expect(page.getByText(words.mismatch)).toBeVisible();
      await expect(fresh).toHaveValue('short');
      await expect(confirm).toHaveValue('different');
      await expectAccessible(page);

      // The server's reasons, at their fields.
      await current.fill('Not-my-password-1');
      await fresh.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await page.getByRole('button', { name: words.change }).click();
      await expect(page.getByText(words.incorrect)).toBeVisible();
      await expect(current).toBeFocused();
      await expect(fresh).toHaveValue(NEW_PASSWORD);
      await current.fill(demo.password);
      await fresh.fill('Password1234');
      await confirm.fill('Password1234');
      await page.getByRole('button', { name: words.change }).click();
      await expect(page.getByText(words.common)).toBeVisible();
      await expect(fresh).toBeFocused();
      await expectAccessible(page);
    });
  }
});
