/**
 * The console's Branding screen (`/{client}/office/branding`): an office admin changes the lab's
 * colours and logo and the patients' sign-in page, rendered by the server, wears them at once; a
 * pair below WCAG AA is refused with its ratio; a read-only member looks and never changes. The
 * lab is JAD, which no other test looks at, so the colours it is left in change no one else's page.
 */
import { appHasTakenOver, chooseLanguage, expect, expectAccessible, tabTo, test } from './fixtures';
import { signInStaff } from './office-staff';

// The tests share JAD's colours: one saves them while another checks that a refused pair saved nothing, so they run one after another.
test.describe.configure({ mode: 'default' });

/** Colours no palette of the portal has, every pair at AA; the tint varies by run so each save is a change. */
const colours = (tint: string) => ({ brand: '#0f5132', brandStrong: '#0a3622', brandContrast: '#ffffff', brandTint: tint });
/** A small SVG logo: a square of its own colour. */
const logoSvg = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect width="240" height="60" fill="${fill}"/></svg>`);

test('an office admin sets the colours (by keyboard) and a logo, and the patients’ sign-in page shows them as the server renders it', async ({ page }) => {
  await signInStaff(page, 'officeAdmin', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.goto('/JAD/office/branding');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  await appHasTakenOver(page);

  // The logo: an SVG, shown as the patients' pages show it once stored.
  await page.getByLabel(/^Choose a new logo/).setInputFiles({ name: 'jade.svg', mimeType: 'image/svg+xml', buffer: logoSvg('#0f5132') });
  await expect(page.getByText('The logo is saved: the patients\' pages show it now.')).toBeVisible();
  const logo = page.getByRole('img', { name: /logo, as the patients' pages show it/ });
  await expect(logo).toHaveAttribute('src', /^\/api\/clients\/JAD\/logo\?v=[A-Za-z0-9_-]{16}$/);
  const logoSrc = (await logo.getAttribute('src')) ?? '';

  // The colours, typed and saved by keyboard alone; the preview wears them as they are typed.
  const tint = `#${(0xe8f5ee + (Date.now() % 7)).toString(16)}`;
  const wanted = colours(tint);
  const fields = { brand: /^Brand colour/, brandStrong: /^Strong colour/, brandContrast: /^Text on the brand colour/, brandTint: /^Tint/ } as const;
  for (const [name, label] of Object.entries(fields) as [keyof typeof fields, RegExp][]) {
    const field = page.getByLabel(label);
    await tabTo(page, field);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(wanted[name]);
  }
  await expect(page.getByTestId('brand-preview')).toHaveAttribute('style', new RegExp(`--preview-tint: ${tint}`));
  await tabTo(page, page.getByRole('button', { name: 'Save the colours' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The colours are saved: the patients\' pages wear them now.')).toBeVisible();

  // The patients' sign-in page, as the server sends it: the theme inline, the new logo in the header.
  const response = await page.request.get('/JAD/login');
  const html = await response.text();
  expect(html).toContain(`<style data-client-theme nonce=`);
  expect(html).toMatch(new RegExp(`<style data-client-theme nonce="[^"]+">:root\\{--brand:${wanted.brand};--brand-strong:${wanted.brandStrong};--brand-contrast:${wanted.brandContrast};--brand-tint:${tint}\\}</style>`));
  expect(html).toContain(`src="${logoSrc}"`);
  // And in a browser: the header's logo loads (a PNG drawn from the SVG).
  await page.goto('/JAD/login');
  await expect(page.locator(`header img[src="${logoSrc}"]`)).toBeVisible();
  expect(await page.locator(`header img[src="${logoSrc}"]`).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test('a pair below AA is refused with its ratio and nothing is saved; a file that is no image is refused in words; usable at 320 px in Spanish', async ({ page }) => {
  await signInStaff(page, 'officeAdmin', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/JAD/office/branding');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  await appHasTakenOver(page);
  const before = await (await page.request.get('/api/clients/JAD/theme.css')).text();

  // A slate tint: the page's text on it falls short; said at once, as typed, and again on Save.
  await page.getByLabel(/^Tint/).fill('#475569');
  await expect(page.getByText('Page text on the tint (notices and table headings): 2.18:1, at least 4.5:1 is needed.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the colours' }).click();
  await expect(page.getByText(/^Some of these colours are too close to each other/)).toBeVisible();
  // Save marks the colours of the pairs too close, says why at each, and puts the focus on the first
  // (the brand colour too when the spinner on the tint is one of the pairs).
  const tint = page.getByLabel(/^Tint/);
  await expect(page.locator('input[aria-invalid="true"]').first()).toBeFocused();
  await expect(tint).toHaveAttribute('aria-invalid', 'true');
  await expect(tint).toHaveAccessibleDescription(/^Too little contrast for: Page text on the tint \(notices and table headings\)[;.].* Choose a darker or lighter colour\.$/);
  expect(await (await page.request.get('/api/clients/JAD/theme.css')).text()).toBe(before);
  // A colour that is not one is said at its field.
  await page.getByLabel(/^Brand colour/).fill('orange');
  await page.getByRole('button', { name: 'Save the colours' }).click();
  await expect(page.getByText('Enter a colour as # and six hexadecimal digits, like #1f4e79.')).toBeVisible();
  await expect(page.getByLabel(/^Brand colour/)).toBeFocused();

  // A posting cut-off that is no time is said at its field; a real one is saved.
  await page.getByLabel('Posting cut-off (HH:MM)').fill('25:00');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText('Enter the time as HH:MM on a 24-hour clock, such as 21:30.')).toBeVisible();
  await page.getByLabel('Posting cut-off (HH:MM)').fill('18:45');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();

  // A program renamed as a logo: refused by its bytes, the stored logo kept.
  await page.getByLabel(/^Choose a new logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00this program cannot be run in DOS mode', 'latin1') });
  await expect(page.getByText('This file is not a PNG or SVG image. Choose a logo saved as PNG or SVG.')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The preview shows the refused pair as it would look (too faint, on purpose); with a tint that
  // passes, the pairs' list goes and the page has no serious axe finding.
  await page.getByLabel(/^Tint/).fill('#e8f5ee');
  await expect(page.getByText(/^Page text on the tint/)).toHaveCount(0);
  await expectAccessible(page);

  // In Spanish: the heading, and the pair with its ratio as Spanish writes it.
  await chooseLanguage(page, 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: 'Imagen de marca' })).toBeVisible();
  await page.getByLabel(/^Color de marca/).fill('#0f5132');
  await page.getByLabel(/^Tono claro/).fill('#475569');
  await expect(page.getByText('Texto de la página sobre el tono claro (avisos y encabezados de tabla): 2,18:1; se necesita al menos 4,5:1.')).toBeVisible();
  await page.getByLabel(/^Tono claro/).fill('#e8f5ee');
  await expect(page.getByText(/^Texto de la página sobre el tono claro/)).toHaveCount(0);
  await expectAccessible(page);
});

test('a read-only member sees the logo, colours and settings, with no way to change them', async ({ page }) => {
  await signInStaff(page, 'readOnly', { client: 'JAD', parallelIndex: test.info().parallelIndex });
  await page.goto('/JAD/office/branding');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  await appHasTakenOver(page);
  await expect(page.getByText('You can look at the lab\'s branding and settings; only office admins change them.')).toBeVisible();
  await expect(page.getByTestId('brand-preview')).toBeVisible();
  await expect(page.getByText('Posting cut-off (HH:MM)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByLabel(/^Choose a new logo/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Branding' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});
