/**
 * The console's Imports screen (`/{client}/office/imports`): billing staff upload a CSV statement
 * file, see it go and its report; every staff member sees the last imports with each report and
 * its refused rows' CSV. The accounts imported are JAD's and of this run's own numbers, so no other
 * test sees them.
 */
import { appHasTakenOver, chooseLanguage, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';
import { statement } from './statement-file';

const stamp = () => `E${Date.now().toString(36).toUpperCase()}${String(test.info().repeatEachIndex)}`;

test('billing staff upload a statement by keyboard, see it go and its report, with the refused row and its CSV', async ({ page }) => {
  await signInStaff(page, 'billingStaff', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.goto('/JAD/office/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await appHasTakenOver(page);

  const name = `${stamp()}.csv`;
  const input = page.getByLabel('Statement file (CSV, at most 64 MB)');
  await tabTo(page, input);
  await expect(input).toBeFocused();
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer: statement(name.slice(0, -4), 5, 2) });
  const report = page.getByRole('region', { name: new RegExp(`^Report of ${name}: Imported$`) }).or(page.getByRole('heading', { name: `Report of ${name}: Imported` }));
  await expect(report.first()).toBeVisible();
  // The outcome is said, and the focus is on the report: what comes next.
  await expect(page.getByRole('status').filter({ hasText: `${name} is imported. Rows read: 5; rows refused: 1.` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Report of ${name}: Imported` })).toBeFocused();
  await expect(page.getByText('Rows read: 5; rows refused: 1', { exact: true })).toBeVisible();
  // The refused row in words, the server's detail after them.
  await expect(page.getByRole('cell', { name: /^An amount is not an amount of money\. / })).toBeVisible();
  await expect(page.getByText('Accounts: 4 new, 0 updated, 0 unchanged')).toBeVisible();
  const csv = page.getByRole('link', { name: 'Download every refused row (1) as CSV' });
  const download = await (await page.request.get((await csv.getAttribute('href')) ?? '')).text();
  expect(download).toContain('charge');

  // The history lists it at once, with its refused rows' CSV.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Imported');
  await expect(row.getByRole('link', { name: `Refused rows of ${name} (CSV)` })).toBeVisible();

  // Not a CSV file: refused before it is sent.
  await input.setInputFiles({ name: 'statement.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('PK\x03\x04') });
  await expect(page.getByText('This is not a CSV statement file. Choose the .csv file your billing system writes.')).toBeVisible();
  await expectAccessible(page);
});

test('a file refused whole says why and changes nothing; usable at 320 px and in Spanish', async ({ page }) => {
  await signInStaff(page, 'officeAdmin', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/JAD/office/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await appHasTakenOver(page);
  const name = `${stamp()}-bad.csv`;
  await page.getByLabel('Statement file (CSV, at most 64 MB)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('not,a,statement\n1,2,3\n') });
  await expect(page.getByRole('heading', { name: `Report of ${name}: Refused` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${name} was refused whole; nothing changed.` })).toBeVisible();
  await expect(page.getByText(/^The file was refused whole, and nothing changed\. The header is not the statement format's\. the header is not/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);

  await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: 'Importaciones' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Las últimas 50 importaciones' })).toBeVisible();
  // In Spanish but for the server's detail, which is marked as English.
  await expect(page.getByText(/^El archivo se rechazó entero y no se cambió nada\. La cabecera no es la del formato de extracto\./)).toBeVisible();
  await expect(page.locator('.import-report .form-error [lang="en"]')).toContainText('the header is not');
});

test('a read-only member sees the last imports with each report and its refused rows’ CSV, and no upload', async ({ page, browser }) => {
  // An import of JAD's with a refused row, made by billing staff in a browser of their own.
  const clerk = await browser.newPage({ baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL ?? '' });
  await signInStaff(clerk, 'billingStaff', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  const prefix = stamp();
  const name = `${prefix}-history.csv`;
  const xsrf = (await clerk.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const uploaded = await clerk.request.post(`/api/console/imports?fileName=${name}`, { headers: { 'Content-Type': 'text/csv', 'X-XSRF-TOKEN': xsrf }, data: statement(prefix, 3, 1) });
  expect(uploaded.status()).toBe(201);
  await clerk.close();

  await signInStaff(page, 'readOnly', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.goto('/JAD/office/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await appHasTakenOver(page);
  await expect(page.getByLabel('Statement file (CSV, at most 64 MB)')).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Imported');
  await expect(row.getByRole('link', { name: `Refused rows of ${name} (CSV)` })).toHaveAttribute('href', /^\/api\/console\/imports\/\d+\/problems\.csv$/);
  await row.getByRole('button', { name: `Show the report of ${name}` }).click();
  // The report opens below the list: the focus moves there.
  await expect(page.getByRole('heading', { name: `Report of ${name}: Imported` })).toBeFocused();
  await expect(page.getByText('Rows read: 3; rows refused: 1')).toBeVisible();
  await expectAccessible(page);
});
