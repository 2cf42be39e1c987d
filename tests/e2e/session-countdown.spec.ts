import type { Locator, Page } from '@playwright/test';
import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, signIn, test } from './fixtures';
import { ownServer } from './own-server';

/**
 * Its own server, with the warning due at 2 minutes as in production but a session of 130 s, on
 * a clock this file moves on; the page on Playwright's clock (installed before each test opens
 * it). The session idles 12 s at once, so the SPA's first check (10 s of the page's time after
 * signing in, run at once) already warns, with a little under 2 minutes left.
 */
let serverOffsetMs = 0;
const serverUrl = ownServer('countdown', { sessionIdleSeconds: 130, sessionWarningSeconds: 120, now: () => new Date(Date.now() + serverOffsetMs) });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

async function signInAndWaitForWarning(page: Page, name = 'Your session is about to end'): Promise<Locator> {
  await page.goto(`${serverUrl()}/SUN/login`);
  await signIn(page, demo.pat, demo.password);
  await expect(page).toHaveURL(/\/SUN\/invoices$/);
  await appHasTakenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: /^(Your invoices|Sus facturas)$/ })).toBeFocused();
  serverOffsetMs += 12_000;
  await page.clock.runFor(10_000);
  const dialog = page.getByRole('alertdialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The seconds a text like "1 minute 47 seconds" (or "1 minuto y 47 segundos") says. */
function secondsIn(text: string | null): number {
  const minutes = /(\d+) minut/.exec(text ?? '')?.[1] ?? '0';
  const seconds = /(\d+) segund|(\d+) second/.exec(text ?? '');
  return Number(minutes) * 60 + Number(seconds?.[1] ?? seconds?.[2] ?? '0');
}

async function secondsShown(locator: Locator): Promise<number> {
  return secondsIn(await locator.textContent());
}

test.describe('the session warning counts down', () => {
  test.describe.configure({ timeout: 60000 });

  test('shows the real time left, decreasing each second, and announces it without repeating every second', async ({ page }) => {
    const dialog = await signInAndWaitForWarning(page);
    const timeLeft = dialog.getByTestId('session-time-left');
    await expect(timeLeft).toHaveText(/^Your session ends in (2 minutes|1 minute \d+ seconds?)\. Do you wish to continue\?$/);
    const first = await secondsShown(timeLeft);
    expect(first).toBeGreaterThan(100);
    expect(first).toBeLessThanOrEqual(120);

    // The polite live region says the time once on opening.
    const status = dialog.getByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText(/^Your session ends in (2 minutes|1 minute \d+ seconds?)\.$/);
    const announced = await status.textContent();

    await page.clock.runFor(1000);
    await expect.poll(() => secondsShown(timeLeft)).toBeLessThan(first);
    const second = await secondsShown(timeLeft);
    await page.clock.runFor(1000);
    await expect.poll(() => secondsShown(timeLeft)).toBeLessThan(second);
    // The visible time moved on twice; what a screen reader was told has not changed.
    await expect(status).toHaveText(announced ?? '');
    expect(secondsIn(announced)).toBeGreaterThan(await secondsShown(timeLeft));
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
  });

  test('announces the time at each full minute, then at 30 and 10 seconds', async ({ page }) => {
    const dialog = await signInAndWaitForWarning(page);
    // From here the page's time moves only when the test moves it.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 100);
    const timeLeft = dialog.getByTestId('session-time-left');
    const status = dialog.getByRole('status');
    const shown = await secondsShown(timeLeft);
    expect(shown).toBeGreaterThan(60);

    await page.clock.runFor((shown - 60) * 1000);
    await expect(timeLeft).toHaveText('Your session ends in 1 minute. Do you wish to continue?');
    await expect(status).toHaveText('Your session ends in 1 minute.');

    await page.clock.runFor(29_000);
    await expect(timeLeft).toHaveText('Your session ends in 31 seconds. Do you wish to continue?');
    await expect(status).toHaveText('Your session ends in 1 minute.');
    await page.clock.runFor(1000);
    await expect(status).toHaveText('Your session ends in 30 seconds.');

    await page.clock.runFor(19_000);
    await expect(timeLeft).toHaveText('Your session ends in 11 seconds. Do you wish to continue?');
    await expect(status).toHaveText('Your session ends in 30 seconds.');
    await page.clock.runFor(1000);
    await expect(status).toHaveText('Your session ends in 10 seconds.');

    await page.clock.runFor(9000);
    await expect(timeLeft).toHaveText('Your session ends in 1 second. Do you wish to continue?');
    await expect(status).toHaveText('Your session ends in 10 seconds.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
  });

  test('says the time left in the reader’s language', async ({ page }) => {
    await page.goto(`${serverUrl()}/SUN/login`);
    await chooseLanguage(page, 'es-ES');
    const dialog = await signInAndWaitForWarning(page, 'Su sesión está a punto de terminar');
    const timeLeft = dialog.getByTestId('session-time-left');
    await expect(timeLeft).toHaveText(/^Su sesión terminará en (2 minutos|1 minuto y \d+ segundos?)\. ¿Desea continuar\?$/);
    const first = await secondsShown(timeLeft);
    await page.clock.runFor(1000);
    await expect.poll(() => secondsShown(timeLeft)).toBeLessThan(first);
  });
});
