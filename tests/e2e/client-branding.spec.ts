/**
 * A client's colours and logo come from the database (issue 24, item 6): the server-rendered page
 * wears them before any script, and the SPA wears the next client's at once when the user
 * switches, never one client's colours under the other's logo.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { BrandColours } from '@contracts/branding';
import type { Database } from '../../server/db/client';
import { clients } from '../../server/db/schema';
import { createBrandingService } from '../../server/core/branding/branding.service';
import { demo, expect, expectAccessible, signIn, test } from './fixtures';
import { ownServer } from './own-server';

/** Tidewater's colours, set by its office (no palette the stylesheet ever had). */
const tidewater: BrandColours = { brand: '#0f766e', brandStrong: '#115e59', brandContrast: '#ffffff', brandTint: '#f0fdfa' };
/** Delta (billing group 52)'s new colours. */
const deltaPurple: BrandColours = { brand: '#6d28d9', brandStrong: '#5b21b6', brandContrast: '#ffffff', brandTint: '#f5f3ff' };
const sunriseBrand = '#9a3412';

// (An SVG with a script or an event handler is refused: server/core/branding's tests.)
const tidewaterLogo = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60">
  <rect width="240" height="60" rx="8" fill="#0f766e"/><circle cx="30" cy="30" r="18" fill="#ffffff"/>
</svg>`;

async function clientId(db: Database, code: string, billingGroup: string | null): Promise<number> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.code, code), billingGroup === null ? isNull(clients.billingGroup) : eq(clients.billingGroup, billingGroup)));
  if (!row) throw new Error(`No client ${code}`);
  return row.id;
}

/** What the office would do in the console: Tidewater's colours and an SVG logo, Delta 52's colours. */
async function brand(db: Database): Promise<void> {
  const branding = createBrandingService({ db });
  const outcomes = [
    await branding.setColours(await clientId(db, 'TID', null), tidewater),
    await branding.setLogo(await clientId(db, 'TID', null), Buffer.from(tidewaterLogo), 'image/svg+xml'),
    await branding.setColours(await clientId(db, 'DLT', '52'), deltaPurple),
  ];
  for (const outcome of outcomes) if (outcome.kind !== 'done') throw new Error(`Branding refused: ${JSON.stringify(outcome)}`);
}

const serverUrl = ownServer('branding', {}, brand);

/** `#rrggbb` as the browser reports a computed colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => String(Number.parseInt(hex.slice(at, at + 2), 16))).join(', ')})`;

const header = (page: Page) => page.locator('.site-header');

test('Tidewater’s sign-in page wears its colours and logo from the database before any script, at 320 pixels', async ({ page, request }) => {
  const response = await request.get(`${serverUrl()}/TID/login`);
  const html = await response.text();
  const nonce = /<style data-client-theme nonce="([^"]+)">:root\{--brand:#0f766e;--brand-strong:#115e59;--brand-contrast:#ffffff;--brand-tint:#f0fdfa\}<\/style>/.exec(html)?.[1];
  expect(nonce, 'the theme inline in the head').toBeTruthy();
  expect(response.headers()['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce ?? ''}'`);
  expect(response.headers()['content-security-policy']).not.toContain('unsafe-inline');
  expect(html).toMatch(/<link rel="preload" href="\/api\/clients\/TID\/logo\?v=[A-Za-z0-9_-]{16}" as="image">/);

  // No script at all: what shows is the server's page alone, its inline theme let through by the CSP.
  await page.route('**/*.js', (route) => route.abort());
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${serverUrl()}/TID/login`);
  await expect(header(page)).toHaveCSS('border-top-color', rgb(tidewater.brand));
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', rgb(tidewater.brand));
  const logo = header(page).getByRole('img', { name: 'Tidewater Laboratories' });
  await expect(logo).toHaveAttribute('src', /^\/api\/clients\/TID\/logo\?v=/);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalHeight)).toBe(96);
  // The page fits: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('Tidewater’s page with the app running keeps its colours, and passes the accessibility scan', async ({ page }) => {
  await page.goto(`${serverUrl()}/TID/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(header(page)).toHaveCSS('border-top-color', rgb(tidewater.brand));
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', rgb(tidewater.brand));
  await expectAccessible(page);
});

test('switching from SUN to DLT by keyboard wears DLT’s colours from the database at once, never one client’s colours under the other’s logo', async ({ page }) => {
  await page.goto(`${serverUrl()}/SUN/login`);
  await signIn(page, demo.pat, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  await expect(header(page)).toHaveCSS('border-top-color', rgb(sunriseBrand));

  await page.goto(`${serverUrl()}/SUN/switch/clients`);
  const switchButton = page.getByRole('button', { name: 'Switch to Delta Diagnostics' });
  await expect(switchButton).toBeVisible();
  // Every frame from here: the header's logo and the colours it is painted with.
  await page.evaluate(() => {
    const frames: string[] = [];
    Object.assign(window, { brandingFrames: frames });
    const record = () => {
      const logo = document.querySelector('.site-header img')?.getAttribute('alt') ?? '';
      frames.push(`${logo}|${getComputedStyle(document.body).getPropertyValue('--brand').trim()}`);
      requestAnimationFrame(record);
    };
    record();
  });
  const themeRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/theme.css')) themeRequests.push(new URL(sent.url()).pathname + new URL(sent.url()).search);
  });
  await switchButton.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/DLT\/invoices$/);
  await expect(header(page).getByRole('img', { name: 'Delta Diagnostics' })).toBeVisible();
  await expect(header(page)).toHaveCSS('border-top-color', rgb(deltaPurple.brand));
  await expect(page.locator('body')).toHaveClass(/\btheme-delta\b/);
  expect(themeRequests).toEqual(['/api/clients/DLT/theme.css?billingGroup=52']);
  // One client theme in the page: DLT's; the server's inline SUN theme is gone.
  await expect(page.locator('[data-client-theme]')).toHaveCount(1);

  const frames = await page.evaluate(() => (window as unknown as { brandingFrames: string[] }).brandingFrames);
  const painted = new Set(frames.filter((frame) => !frame.startsWith('|')));
  expect([...painted].sort()).toEqual([`Delta Diagnostics|${deltaPurple.brand}`, `Sunrise Laboratories|${sunriseBrand}`]);
  await expectAccessible(page);

  await test.step('a reload renders DLT’s colours on the server', async () => {
    await page.reload();
    await expect(header(page)).toHaveCSS('border-top-color', rgb(deltaPurple.brand));
    await expect(page.locator('style[data-client-theme]')).toHaveCount(1);
  });
});

test('a lab without a logo is named in the header; the product title is left for a lab with neither', async ({ page }) => {
  await page.goto('/WST/login');
  await expect(page.getByRole('banner').getByText('Westgate Pathology', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Patient Billing Portal')).toHaveCount(0);
  await page.goto('/ZZ/login');
  await expect(page.getByRole('banner').getByText('Patient Billing Portal', { exact: true })).toBeVisible();
});
