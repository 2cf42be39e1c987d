import { fixtureAccounts } from './fixture-data';
import { appHasTakenOver, chooseLanguage, demoGuest, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';
import { signInPatient } from './patient-api';

const words = {
  'en-US': { patients: 'Patients', words: 'Account number, name, email or invoice number', search: 'Search', byInvoice: 'Invoice number', account: `Account ${demoGuest.accountNumber}`, statement: 'The statement (PDF)', nobody: 'Nobody has registered for this account.', notOurs: (number: string) => `${number} is not an account number at Sunrise Laboratories.`, searchLink: 'Search the patients' },
  'es-ES': { patients: 'Pacientes', words: 'Número de cuenta, nombre, correo o número de factura', search: 'Buscar', byInvoice: 'Número de factura', account: `Cuenta ${demoGuest.accountNumber}`, statement: 'El extracto (PDF)', nobody: 'Nadie se ha registrado en esta cuenta.', notOurs: (number: string) => `${number} no es un número de cuenta de Sunrise Laboratories.`, searchLink: 'Buscar a los pacientes' },
} as const;

for (const language of ['en-US', 'es-ES'] as const) {
  test(`in ${language}, a clerk finds the demo guest account by its number and by its invoice`, async ({ page }) => {
    const say = words[language];
    await signInStaff(page, 'billingStaff', { parallelIndex: test.info().parallelIndex });
    await page.goto('/SUN/office/patients');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('heading', { level: 1, name: say.patients })).toBeVisible();

    // By its number, with the keyboard alone: the words go into the address.
    const field = page.getByLabel(say.words);
    await tabTo(page, field);
    await page.keyboard.type(demoGuest.accountNumber.toLowerCase());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=a-778899/);
    await expect(page.getByRole('link', { name: demoGuest.accountNumber })).toBeVisible();

    // By an invoice: said so in its row.
    await field.fill(demoGuest.invoiceNumber);
    await page.getByRole('button', { name: say.search }).click();
    const row = page.getByRole('row', { name: new RegExp(demoGuest.accountNumber) });
    await expect(row).toContainText(say.byInvoice);
    await expectAccessible(page);

    await row.getByRole('link', { name: demoGuest.accountNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: say.account })).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(demoGuest.invoiceNumber) })).toBeVisible();
    await expect(page.getByRole('link', { name: say.statement })).toHaveAttribute('href', `/api/console/accounts/${demoGuest.accountNumber}/statement.pdf?language=${language}`);
    await expect(page.getByText(say.nobody)).toBeVisible();
    await expectAccessible(page);
  });

  test(`in ${language}, a mistyped account number and another lab's say the account is not one of this lab's, and lead back to the search`, async ({ page }) => {
    const say = words[language];
    await signInStaff(page, 'billingStaff', { parallelIndex: test.info().parallelIndex });
    await page.goto('/SUN/office/patients/A-000000');
    if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
    await expect(page.getByRole('alert')).toContainText(say.notOurs('A-000000'));
    await expectAccessible(page);
    // Harbor Imaging's account, at Sunrise's console.
    await page.goto(`/SUN/office/patients/${fixtureAccounts.language.accountNumber}`);
    await expect(page.getByRole('alert')).toContainText(say.notOurs(fixtureAccounts.language.accountNumber));
    await page.getByRole('link', { name: say.searchLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: say.patients })).toBeVisible();
  });
}

test('a clerk signs a registered user out everywhere from the account page, at 320 px; a read-only member sees no help', async ({ page, browser }) => {
  const account = fixtureAccounts.officeHelp;
  const patient = await signInPatient(account.userEmail);
  try {
    await page.setViewportSize({ width: 320, height: 720 });
    await signInStaff(page, 'billingStaff', { parallelIndex: test.info().parallelIndex });
    await page.goto(`/SUN/office/patients/${account.accountNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: `Account ${account.accountNumber}` })).toBeVisible();
    const signOut = page.getByRole('button', { name: `Sign ${account.userEmail} out everywhere` });
    await tabTo(page, signOut);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${account.userEmail} is signed out everywhere: sessions ended:` })).toBeVisible();
    await expect(signOut).toHaveCount(0);
    // The patient's session has ended.
    expect((await patient.get('/api/OnlinePayment/GetAccountInformation')).status()).toBe(401);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);

    const readOnly = await browser.newPage();
    await signInStaff(readOnly, 'readOnly', { parallelIndex: test.info().parallelIndex });
    await readOnly.goto(`/SUN/office/patients/${account.accountNumber}`);
    await expect(readOnly.getByRole('cell', { name: new RegExp(account.userEmail) })).toBeVisible();
    await expect(readOnly.getByRole('columnheader', { name: 'Help' })).toHaveCount(0);
    await expect(readOnly.getByRole('button', { name: /everywhere|activation link|sign-in lock/ })).toHaveCount(0);
    await readOnly.close();
  } finally {
    await patient.dispose();
  }
});

test('the console shows its own menu alone; Today names who is locked out of signing in, each a link to the account where the lock is cleared', async ({ page }) => {
  const account = fixtureAccounts.officeHelp;
  // A lock lasts minutes only after many failed tries, which would hold back this run's other sign-ins
  // from the same address: Today's answer carries one instead.
  await page.route('**/api/console/today', async (route) => {
    const today = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...today, lockedOut: [{ kind: 'user', email: account.userEmail, accountNumber: account.accountNumber, retryAfterSeconds: 240, failures: 9 }] } });
  });
  await signInStaff(page, 'billingStaff', { parallelIndex: test.info().parallelIndex });
  // Opened from the menu once the app runs the page: the browser asks for Today (a first page's Today is the server's).
  await page.goto('/SUN/office/patients');
  await appHasTakenOver(page);
  // The console's own menu only: not the patients' (Home, Roster login) nor its button.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /(Show|Hide) menu/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Billing office' }).getByRole('link', { name: 'Today' }).click();
  const locked = page.getByRole('listitem').filter({ hasText: '9 failed tries' });
  await expect(locked).toContainText('may try again in 4 minutes');
  await locked.getByRole('link', { name: account.userEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Account ${account.accountNumber}` })).toBeVisible();
});
