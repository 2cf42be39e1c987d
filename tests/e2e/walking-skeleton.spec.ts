import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, signIn, test } from './fixtures';

test.describe('signing in under a client', () => {
  test('an anonymous visitor asking for invoices is sent to the login page of the same client', async ({ page }) => {
    await page.goto('/SUN/invoices');
    await expect(page).toHaveURL(/\/SUN\/login\?redirect=%2FSUN%2Finvoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('pat.doe signs in and lands on the invoices in the Sunrise logo and theme', async ({ page }) => {
    await page.goto('/SUN/login');
    await expect(page.locator('body')).toHaveClass(/\btheme-sunrise\b/);
    await signIn(page, demo.pat, demo.password);
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await expect(page.getByTestId('account-email')).toHaveText(demo.pat);
    await expect(page.getByTestId('account-number')).toHaveText('A-100200');
    const logo = page.getByRole('img', { name: 'Sunrise Laboratories' });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', '/logos/sun.svg');
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const bodyClasses = await page.locator('body').getAttribute('class');
    expect(bodyClasses?.split(/\s+/).filter((c) => c.startsWith('theme-'))).toEqual(['theme-sunrise']);
    await expectAccessible(page);
  });

  test('signing in returns to the page that was asked for, and the session survives a reload', async ({ page }) => {
    await page.goto('/SUN/invoices');
    await expect(page).toHaveURL(/\/SUN\/login/);
    await signIn(page, demo.pat, demo.password);
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await page.reload();
    await expect(page.getByTestId('account-email')).toHaveText(demo.pat);
  });

  for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    test(`a redirect to ${target} after signing in is ignored`, async ({ page }) => {
      await page.goto(`/SUN/login?redirect=${encodeURIComponent(target)}`);
      await signIn(page, demo.pat, demo.password);
      await expect(page).toHaveURL(/\/SUN\/invoices$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    });
  }

  test('signing out ends the session and protects the invoices again', async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, demo.pat, demo.password);
    await expect(page).toHaveURL(/\/SUN\/invoices$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/SUN$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await page.goto('/SUN/invoices');
    await expect(page).toHaveURL(/\/SUN\/login/);
  });

  test('signing out on a slow network goes home once, never through the sign-in page on the way', async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, demo.pat, demo.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    // The server takes its time to end the session; the page is held until it has.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/user/Logout', async (route) => {
      await answered;
      await route.continue();
    });
    const asked = page.waitForRequest('**/api/user/Logout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await asked;
    // While the server has not answered, nobody is told they have signed out, and nothing moves.
    await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
    await expect(page.getByText('You have signed out.', { exact: false })).toHaveCount(0);
    answer();
    await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
    await expect(page).toHaveURL(/\/SUN$/);
    expect(visited).toEqual(['/SUN']);
  });

  test('a wrong password shows a translated error and keeps the email typed', async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, 'wrong.password@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(page.getByLabel('Email')).toHaveValue('wrong.password@example.com');
    await expect(page).toHaveURL(/\/SUN\/login$/);

    await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('alert')).toHaveText('El correo electrónico o la contraseña no son correctos.');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('wrong.password@example.com');
  });

  test('a too-long email gets its own message, and the answer to the earlier attempt goes away', async ({ page }) => {
    await page.goto('/SUN/login');
    await signIn(page, 'wrong.password@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');

    const long = `${'a'.repeat(250)}@example.com`;
    await signIn(page, long, 'not-the-password');
    await expect(page.getByText('The email address is too long: at most 254 characters.')).toBeVisible();
    await expect(page.getByText('The email or password is incorrect.')).toHaveCount(0);
    await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue(long);
  });

  test('what the server refuses as unusable is said as such, never as a failure on our side', async ({ page }) => {
    await page.route('**/api/userlogin/Login', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalidRequest","fields":{"email":"invalidCharacters"}}' }),
    );
    await page.goto('/SUN/login');
    await signIn(page, 'pat.doe@example.com', 'whatever');
    await expect(page.getByRole('alert')).toHaveText('The email or password cannot be used as typed. Please check them.');
    await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('alert')).toHaveText(
      'El correo electrónico o la contraseña no se pueden usar tal como están escritos. Revíselos.',
    );
  });

  test('an empty form is not sent and says what is missing', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('pat.doe');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('pat.doe');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('after a refused submit, focus goes to the first field to fix, with its message attached', async ({ page }) => {
    await page.goto('/SUN/login');
    await page.getByLabel('Password').fill('secret');
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address.');

    await page.goto('/SUN/guestLogin');
    await page.getByLabel('Account number').fill('A-778899');
    await page.getByRole('button', { name: 'Continue as guest' }).press('Enter');
    await expect(page.getByLabel('Invoice number')).toBeFocused();
    await expect(page.getByLabel('Invoice number')).toHaveAccessibleDescription('Enter your invoice number.');
  });

  test('after a refused sign-in, focus stays on Sign in rather than falling to the page', async ({ page }) => {
    await page.goto('/SUN/login');
    await page.getByLabel('Email').fill('wrong.password@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    await signInButton.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await expect(signInButton).toBeFocused();
  });
});

test.describe('clients and themes', () => {
  test('a client with no logo shows the default title and theme', async ({ page }) => {
    await page.goto('/ZZ/login');
    await expect(page.getByRole('link', { name: 'Patient Billing Portal' })).toBeVisible();
    await expect(page.locator('body')).toHaveClass('theme-default');
    await expect(page.getByRole('img')).toHaveCount(0);
  });

  test('an unknown client code keeps the default look and says so, without breaking the page', async ({ page }) => {
    await page.goto('/QQQ/login');
    await expect(page.getByText('We do not recognise the client code QQQ.')).toBeVisible();
    await expect(page.locator('body')).toHaveClass('theme-default');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('a bare path has no client and the default theme', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('body')).toHaveClass('theme-default');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the client code is matched whatever its case', async ({ page }) => {
    await page.goto('/sun/login');
    await expect(page.locator('body')).toHaveClass(/\btheme-sunrise\b/);
    await expect(page.getByRole('img', { name: 'Sunrise Laboratories' })).toBeVisible();
  });
});

test.describe('languages', () => {
  test('switching to Español changes the login screen and survives a reload', async ({ page }) => {
    await page.goto('/SUN/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es-ES');
    await chooseLanguage(page, 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});

test.describe('not found', () => {
  for (const path of ['/nosuchpage', '/SUN/nosuchpage', '/this-is-not-a-client/login']) {
    test(`${path} shows the not-found screen, with a real title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(path.startsWith('/SUN/') ? 'Page not found – Sunrise Laboratories' : 'Page not found – Patient Billing Portal');
    });
  }
});

test.describe('accessibility', () => {
  for (const language of ['en-US', 'es-ES'] as const) {
    for (const path of ['/SUN', '/SUN/login', '/ZZ/login', '/nosuchpage']) {
      test(`${path} in ${language} has no serious or critical axe findings`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (language === 'es-ES') {
          await chooseLanguage(page, 'es-ES');
          await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
        }
        await expectAccessible(page);
      });
    }
  }

  test('the invoices screen in Español has no serious or critical axe findings', async ({ page }) => {
    await page.goto('/SUN/login');
    await chooseLanguage(page, 'es-ES');
    await signIn(page, demo.pat, demo.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Sus facturas' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('what the first page costs', () => {
  test("the first page fetches its language's catalog once, as JSON; other screens need no more, and the other language comes only when chosen", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const catalogs = () => requested.filter((path) => path.startsWith('/assets/locale/'));
    await page.goto('/SUN');
    await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill online' })).toBeVisible();
    // The server's page shows before the app fetches its catalog: the app has taken the page over
    // once it has the catalog. Other screens are then the app's to show (before it has taken the
    // page over, a link loads the next page anew).
    await appHasTakenOver(page);
    expect(catalogs()).toEqual(['/assets/locale/en-US.json']);
    // The messages are no longer JavaScript chunks of their own.
    expect(requested.filter((path) => /\/(shell|screens)-[\w-]+\.js$/.test(path))).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Sign in');
    expect(catalogs()).toEqual(['/assets/locale/en-US.json']);

    await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(catalogs()).toEqual(['/assets/locale/en-US.json', '/assets/locale/es-ES.json']);
  });

  test('a screen opened directly in Español shows its own text, never message ids', async ({ page }) => {
    await page.goto('/SUN');
    await chooseLanguage(page, 'es-ES');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await page.goto('/SUN/about');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^[A-Za-z0-9]{6}$/);
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Inicio');
    await expect(page).toHaveTitle(/ – Sunrise Laboratories$/);
  });
});
