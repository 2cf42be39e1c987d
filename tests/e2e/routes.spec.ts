import type { Page } from '@playwright/test';
import {
  appHasTakenOver,
  chooseLanguage,
  demo,
  demoDisabledUser,
  demoGuest,
  expect,
  expectAccessible,
  goInApp,
  signIn,
  signInAsGuest,
  test,
} from './fixtures';
import { openScreens, userOnlyScreens, userOrGuestScreens, type Screen } from './screens';

type Visitor = 'anonymous' | 'guest' | 'user' | 'disabledUser';

const visitors: { visitor: Visitor; name: string; mayOpen: (screen: Screen) => boolean }[] = [
  { visitor: 'anonymous', name: 'an anonymous visitor', mayOpen: () => false },
  { visitor: 'guest', name: 'a guest', mayOpen: (screen) => userOrGuestScreens.includes(screen) },
  { visitor: 'user', name: 'a billing user', mayOpen: () => true },
  // The guards check the role and that the user is active; a disabled account only hides menu items.
  { visitor: 'disabledUser', name: 'a billing user whose account is disabled', mayOpen: () => true },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Either language: a billing user's language lives on the server, and tests in other files change it. */
function eitherLanguage(screen: Screen): RegExp {
  return new RegExp(`^(${escapeRegExp(screen.en)}|${escapeRegExp(screen.es)})$`);
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name: typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}$`) : name });
}

const signInHeading = /^(Sign in|Iniciar sesión)$/;

async function signInAs(page: Page, visitor: Exclude<Visitor, 'anonymous'>): Promise<void> {
  if (visitor === 'guest') {
    await page.goto(`/${demoGuest.clientCode}/guestLogin`);
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
  } else {
    await page.goto('/SUN/login');
    await signIn(page, visitor === 'user' ? demo.pat : demoDisabledUser, demo.password);
  }
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
}

// The axe scans come first: they take longest, and the short tests then fill both workers.
for (const language of ['en-US', 'es-ES'] as const) {
  test(`every open screen has no serious or critical axe findings in ${language}`, async ({ page }) => {
    test.slow();
    await page.goto('/SUN');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const screen of openScreens) {
      await test.step(screen.path, async () => {
        await goInApp(page, `/SUN/${screen.path}`);
        await expect(heading(page, language === 'es-ES' ? screen.es : screen.en)).toBeVisible();
        await expectAccessible(page);
      });
    }
  });

  test(`every protected screen has no serious or critical axe findings in ${language}`, async ({ page }) => {
    test.slow();
    await page.goto('/SUN/login');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await signIn(page, demo.pat, demo.password);
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    for (const screen of [...userOnlyScreens, ...userOrGuestScreens]) {
      await test.step(screen.path, async () => {
        await goInApp(page, `/SUN/${screen.path}`);
        await expect(heading(page, language === 'es-ES' ? screen.es : screen.en)).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}

// One test per kind of visitor, signed in once, opening every protected screen by its address.
// Soft assertions report every screen that is wrong, not just the first.
for (const { visitor, name, mayOpen } of visitors) {
  test(`${name} gets exactly the protected screens their role allows, and the login page for the others`, async ({ page }) => {
    if (visitor !== 'anonymous') await signInAs(page, visitor);
    for (const screen of [...userOnlyScreens, ...userOrGuestScreens]) {
      const path = `/SUN/${screen.path}`;
      await test.step(`${path} ${mayOpen(screen) ? `shows ${screen.en}` : 'sends them to log in'}`, async () => {
        await page.goto(path);
        if (mayOpen(screen)) {
          await expect.soft(heading(page, eitherLanguage(screen))).toBeVisible();
          expect.soft(new URL(page.url()).pathname).toBe(path);
        } else {
          // The login form itself must show: a redirect loop ends on the error screen instead.
          await expect.soft(heading(page, signInHeading)).toBeVisible();
          // Only the path is remembered, nothing else.
          await expect.soft(page).toHaveURL((url) => url.pathname === '/SUN/login' && url.search === `?redirect=${encodeURIComponent(path)}`);
        }
      });
    }
    if (visitor !== 'anonymous') {
      await test.step('the guest form sends someone signed in on to the invoices', async () => {
        await page.goto('/SUN/guestLogin');
        await expect(page).toHaveURL(/\/SUN\/invoices$/);
      });
    }
  });
}

test('every open screen shows its title bare and under a client', async ({ page }) => {
  for (const screen of openScreens) {
    for (const path of [`/${screen.path}`, `/SUN/${screen.path}`]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect.soft(heading(page, screen.en)).toBeVisible();
      });
    }
  }
});

test.describe('an address that matches no screen', () => {
  const notFound = [
    { language: 'en-US', heading: 'Page not found', site: 'Patient Billing Portal' },
    { language: 'es-ES', heading: 'Página no encontrada', site: 'Portal de facturación para pacientes' },
  ] as const;
  const title = (path: string, { heading: name, site }: (typeof notFound)[number]) => `${name} – ${path.startsWith('/SUN/') ? 'Sunrise Laboratories' : site}`;

  for (const words of notFound) {
    test(`answers 404 with the not-found screen, loaded anew or reached in the app (${words.language})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'pbp_language', value: words.language, url: baseURL ?? '' }]);
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), words.language);
      // A soft 404 (200 with "not found" in the page) reads to crawlers and scanners as a page that exists.
      for (const path of ['/nosuchpage/deeper', '/SUN/nosuch', '/this-is-not-a-client/login', '/notfound', '/SUN/notfound']) {
        await test.step(`${path} loaded anew`, async () => {
          const response = await page.goto(path);
          expect.soft(response?.status()).toBe(404);
          await expect.soft(heading(page, words.heading)).toBeVisible();
          await expect.soft(page).toHaveTitle(title(path, words));
        });
      }
      await test.step('reached by moving inside the app', async () => {
        await page.goto('/SUN/about');
        await goInApp(page, '/SUN/no/such/page');
        await expect(heading(page, words.heading)).toBeVisible();
        await expect(page).toHaveTitle(title('/SUN/', words));
      });
    });
  }

  test('a screen that exists still answers 200, rendered on the server or in the browser', async ({ page }) => {
    for (const path of ['/', '/SUN', '/SUN/login', '/about', '/SUN/confirmation/activate', '/SUN/forgotpassword']) {
      await test.step(path, async () => {
        expect.soft((await page.goto(path))?.status()).toBe(200);
        await expect.soft(heading(page, /.+/)).toBeVisible();
        await expect.soft(heading(page, /^(Page not found|Página no encontrada)$/)).toHaveCount(0);
      });
    }
  });
});

test.describe('signing in on the way to a protected screen', () => {
  test('a billing user who signs in is taken back to the page asked for', async ({ page }) => {
    await page.goto('/SUN/member');
    await expect(heading(page, signInHeading)).toBeVisible();
    await expect(page).toHaveURL(/\/SUN\/login\?redirect=%2FSUN%2Fmember$/);
    await signIn(page, demo.pat, demo.password);
    await expect(page).toHaveURL(/\/SUN\/member$/);
    await expect(heading(page, eitherLanguage(userOnlyScreens[0] as Screen))).toBeVisible();
  });

  test('a guest who signs in is taken to the page asked for', async ({ page }) => {
    await page.goto('/SUN/guestLogin?redirect=%2FSUN%2Fpayment%2Fonline');
    await signInAsGuest(page, demoGuest.accountNumber, demoGuest.invoiceNumber);
    await expect(page).toHaveURL(/\/SUN\/payment\/online$/);
    await expect(heading(page, 'Online payment')).toBeVisible();
  });
});

test.describe('guest form', () => {
  test('a wrong pair shows one translated error that does not say which number was wrong, and keeps both', async ({ page }) => {
    await page.goto('/SUN/guestLogin');
    // Not the demo account: its failures would count towards its own sign-in limit.
    await signInAsGuest(page, 'A-000000', 'SUN-100042');
    await expect(page.getByRole('alert')).toHaveText('We could not find an invoice with that account number and invoice number.');
    await expect(page.getByLabel('Account number')).toHaveValue('A-000000');
    await expect(page.getByLabel('Invoice number')).toHaveValue('SUN-100042');
    await expect(page).toHaveURL(/\/SUN\/guestLogin$/);

    await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('alert')).toHaveText('No hemos encontrado ninguna factura con ese número de cuenta y ese número de factura.');
    await expect(page.getByLabel('Número de cuenta')).toHaveValue('A-000000');
    await expect(page.getByLabel('Número de factura')).toHaveValue('SUN-100042');
    await expectAccessible(page);
  });

  test('an incomplete form is not sent and says what is missing', async ({ page }) => {
    await page.goto('/SUN/guestLogin');
    await page.getByLabel('Invoice number').fill('SUN-100042');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page.getByText('Enter your account number.')).toBeVisible();
    await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Account number')).toBeFocused();
    await expect(page.getByLabel('Invoice number')).toHaveValue('SUN-100042');
    await expect(page.getByText('Enter your invoice number.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('success screen', () => {
  test('waits at least 20 seconds before moving on, and says how long is left', async ({ page }) => {
    await page.clock.install();
    // A link asking for 1 second still gets 20.
    await page.goto('/SUN/success?message=registered&redirect=/SUN/about&delay=1');
    await expect(heading(page, 'Registration complete')).toBeVisible();
    const countdown = page.getByTestId('redirect-countdown');
    await expect(countdown).toHaveText(/^You will be taken to the next page in (20|19) seconds\.$/);
    // The countdown is the app's: it takes the server's page over in steps a paused clock would hold.
    await appHasTakenOver(page);
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const shown = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    await page.clock.runFor((shown - 1) * 1000);
    await expect(countdown).toHaveText('You will be taken to the next page in 1 second.');
    await expect(page).toHaveURL(/\/SUN\/success\?/);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/SUN\/about$/);
    await expect(heading(page, 'About this portal')).toBeVisible();
  });

  test('the countdown is accessible in English and Spanish, and the link goes there at once', async ({ page }) => {
    await page.goto('/SUN/success?message=paymentReceived&redirect=/SUN/privacy&delay=30');
    await expect(heading(page, 'Payment received')).toBeVisible();
    await expect(page.getByText(/^You will be taken to the next page in \d+ seconds\.$/)).toBeVisible();
    await expectAccessible(page);
    await chooseLanguage(page, 'es-ES');
    await expect(heading(page, 'Pago recibido')).toBeVisible();
    await expect(page.getByText(/^Le llevaremos a la página siguiente dentro de \d+ segundos\.$/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Ir ahora a la página siguiente' }).click();
    await expect(page).toHaveURL(/\/SUN\/privacy$/);
  });

  test('the first control after skipping to the main content stops the redirect, for good', async ({ page }) => {
    await page.clock.install();
    await page.goto('/SUN/success?message=passwordReset&redirect=/SUN/about');
    await expect(heading(page, 'Your password has been reset')).toBeVisible();
    // The server's page is on the screen before the app has taken it over (its controls wait until then).
    await appHasTakenOver(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const stay = page.getByRole('main').getByRole('button', { name: 'Stay on this page' });
    await expect(stay).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'The automatic redirect is stopped.' })).toBeVisible();
    await expect(page.getByText(/next page in/)).toHaveCount(0);
    const goOn = page.getByRole('link', { name: 'Go to the next page now' });
    await expect(goOn).toBeFocused();
    await expect(goOn).toHaveAttribute('href', '/SUN/about');
    await expectAccessible(page);
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(/\/SUN\/success\?/);
    await goOn.click();
    await expect(page).toHaveURL(/\/SUN\/about$/);
  });

  test('says politely when 10 seconds are left, not every second', async ({ page }) => {
    await page.clock.install();
    await page.goto('/SUN/success?message=emailConfirmed&redirect=/SUN/about&delay=20');
    const countdown = page.getByTestId('redirect-countdown');
    await expect(countdown).toHaveText(/^You will be taken to the next page in (20|19) seconds\.$/);
    // The countdown is the app's: it takes the server's page over in steps a paused clock would hold.
    await appHasTakenOver(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const status = page.getByRole('status').filter({ hasText: /next page/ });
    await expect(status).toHaveCount(0);
    const shown = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    await page.clock.runFor((shown - 11) * 1000);
    await expect(countdown).toHaveText('You will be taken to the next page in 11 seconds.');
    await expect(status).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(status).toHaveText('You will be taken to the next page in 10 seconds.');
    await page.clock.runFor(1000);
    await expect(countdown).toHaveText('You will be taken to the next page in 9 seconds.');
    await expect(status).toHaveText('You will be taken to the next page in 10 seconds.');
  });

  for (const target of ['https://evil.example/', '//evil.example/path']) {
    test(`ignores the redirect ${target} and never leaves the app`, async ({ page }) => {
      await page.clock.install();
      await page.goto(`/SUN/success?message=passwordReset&redirect=${encodeURIComponent(target)}&delay=1`);
      await expect(heading(page, 'Your password has been reset')).toBeVisible();
      await expect(page.getByText(/next page in/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Go to the next page now' })).toHaveCount(0);
      await page.clock.runFor(31000);
      await expect(page).toHaveURL(/\/SUN\/success\?/);
    });
  }

  test('never shows text from the URL: an unknown message is just "Done"', async ({ page }) => {
    await page.goto('/SUN/success?message=Call%20555-0100%20to%20pay');
    await expect(heading(page, 'Done')).toBeVisible();
    await expect(page.getByText(/555-0100/)).toHaveCount(0);
  });
});
