import type { Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { STAFF_IDLE_SECONDS } from '@contracts/console';
import { DEMO_TOTP_SECRET } from '../../server/seed/demo-data';
import { appHasTakenOver, chooseLanguage, demo, expect, expectAccessible, test } from './fixtures';
import { ownServer } from './own-server';

/**
 * The console's session in the browser (WCAG 2.2.1): the warning before the end and Stay signed
 * in, and signing in again over the screen once the session has ended, what was typed kept. Time
 * is the test's: the server runs on a clock this file moves on (its own server, started in this
 * worker), and the page on Playwright's clock, so 15 idle minutes pass at once and nothing waits
 * for a fixed time.
 */
let serverOffsetMs = 0;
const serverUrl = ownServer('office-session', { now: () => new Date(Date.now() + serverOffsetMs) });
const serverNow = () => new Date(Date.now() + serverOffsetMs);

const admin = 'office.admin@sunriselabs.example';
/** The authenticator app's code at the server's time (each is good once: every test starts hours after the last). */
const codeNow = () => generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(serverNow().getTime() / 1000) });

const words = {
  'en-US': {
    staff: 'Staff',
    email: 'Email',
    password: 'Password',
    code: 'Code from your authenticator app, or a recovery code',
    send: 'Send the invitation',
    invited: (email: string) => `An invitation went to ${email}.`,
    warning: 'Your session is about to end',
    timeLeft: /^Without activity, your billing office session ends in 1 minute( \d+ seconds?)?\. Stay signed in to go on where you are\.$/,
    stay: 'Stay signed in',
    ended: 'Your session has ended',
    refused: 'Your session had ended, so this was not done. Once you are signed in again, try again: what you typed is still here.',
  },
  'es-ES': {
    staff: 'Personal',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de su aplicación de autenticación, o un código de recuperación',
    send: 'Enviar la invitación',
    invited: (email: string) => `Se ha enviado una invitación a ${email}.`,
    warning: 'Su sesión está a punto de terminar',
    timeLeft: /^Sin actividad, su sesión de la oficina de facturación termina en 1 minuto( y \d+ segundos?)?\. Siga conectado para continuar donde está\.$/,
    stay: 'Seguir conectado',
    ended: 'Su sesión ha terminado',
    refused: 'Su sesión había terminado, así que esto no se hizo. Cuando haya iniciado sesión de nuevo, vuelva a intentarlo: lo que escribió sigue aquí.',
  },
} as const;
type Words = (typeof words)['en-US' | 'es-ES'];

/** How long the server says the staff session of this page's browser has left (asking never extends it). */
async function secondsLeft(page: Page): Promise<number> {
  const answer = await page.request.get(`${serverUrl()}/api/console/session/time-left`);
  return ((await answer.json()) as { secondsLeft: number }).secondsLeft;
}

/** Signs the demo office admin in through the console's API, in the page's browser (its cookies). */
async function signInAdmin(page: Page): Promise<void> {
  await page.request.get(`${serverUrl()}/api/console/session`);
  const headers = async () => ({ 'X-XSRF-TOKEN': (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' });
  const password = await page.request.post(`${serverUrl()}/api/console/sign-in`, { headers: await headers(), data: { clientCode: 'SUN', email: admin, password: demo.password } });
  expect(password.ok()).toBe(true);
  const code = await page.request.post(`${serverUrl()}/api/console/sign-in/code`, { headers: await headers(), data: { code: await codeNow() } });
  expect(code.ok()).toBe(true);
}

/** The Staff screen, signed in, in the language; the page's clock installed first. */
async function openStaffScreen(page: Page, language: 'en-US' | 'es-ES', say: Words): Promise<void> {
  // A new time step for every test's codes, however many this worker runs.
  serverOffsetMs += 60 * 60 * 1000;
  await page.clock.install();
  await signInAdmin(page);
  await page.goto(`${serverUrl()}/SUN/office/staff`);
  if (language === 'es-ES') await chooseLanguage(page, 'es-ES');
  await appHasTakenOver(page);
  await expect(page.getByRole('heading', { level: 1, name: say.staff })).toBeVisible();
}

/** The server's time moves on by this many seconds: the session ages, the page's time does not. */
const idleFor = (seconds: number) => {
  serverOffsetMs += seconds * 1000;
};

/** Signs in again in the dialog over the screen with the keyboard: the email is there already, the focus in the password. */
async function signInAgain(page: Page, dialog: Locator, say: Words): Promise<void> {
  await expect(dialog.getByLabel(say.email, { exact: true })).toHaveValue(admin);
  await expect(dialog.getByLabel(say.password, { exact: true })).toBeFocused();
  await page.keyboard.type(demo.password);
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(say.code, { exact: true })).toBeFocused();
  await page.keyboard.type(await codeNow());
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

for (const language of ['en-US', 'es-ES'] as const) {
  const say = words[language];

  test(`in ${language}, the console warns before the session ends, with the focus on Stay signed in, which extends it`, async ({ page }) => {
    await openStaffScreen(page, language, say);
    idleFor(STAFF_IDLE_SECONDS - 100);
    // The next poll (every 10 s) finds at most 100 seconds left (less the moments since signing in).
    await page.clock.runFor(10_000);
    const dialog = page.getByRole('alertdialog', { name: say.warning });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: say.stay })).toBeFocused();
    await expect(dialog.getByTestId('office-time-left')).toHaveText(say.timeLeft);
    await expect(dialog.getByRole('status')).toHaveText(/\d/);
    // The polls that found it did not extend it.
    expect(await secondsLeft(page)).toBeLessThanOrEqual(100);
    await expectAccessible(page);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // A whole idle time again (less the moments the test itself takes).
    expect(await secondsLeft(page)).toBeGreaterThan(STAFF_IDLE_SECONDS - 30);
    // Past the old end: still signed in, and no warning.
    idleFor(120);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('heading', { level: 1, name: say.staff })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await secondsLeft(page)).toBeGreaterThan(STAFF_IDLE_SECONDS - 150);
  });

  test(`in ${language}, an invitation refused because the session ended is sent after signing in again over the screen, the email typed kept`, async ({ page }) => {
    await openStaffScreen(page, language, say);
    const invited = `new.clerk.${language.toLowerCase()}.${String(Date.now())}@sunriselabs.example`;
    const field = page.getByLabel(say.email, { exact: true });
    await field.focus();
    await page.keyboard.type(invited);
    idleFor(STAFF_IDLE_SECONDS + 1);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: say.ended });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(say.refused)).toBeVisible();
    await expectAccessible(page);
    await signInAgain(page, dialog, say);

    // The screen as it was: the email typed still there, the focus back in it; sending again works.
    await expect(field).toHaveValue(invited);
    await expect(field).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: say.invited(invited) })).toBeVisible();
  });

  test(`in ${language}, with no answer to the warning the console says the session ended and signs in again in place`, async ({ page }) => {
    await openStaffScreen(page, language, say);
    idleFor(STAFF_IDLE_SECONDS - 30);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('alertdialog', { name: say.warning })).toBeVisible();
    idleFor(30);
    // The countdown runs out; the server, asked once more, says the session has ended.
    await page.clock.runFor(30_000);
    const dialog = page.getByRole('dialog', { name: say.ended });
    await expect(dialog).toBeVisible();
    await signInAgain(page, dialog, say);
    await expect(page.getByRole('heading', { level: 1, name: say.staff })).toBeVisible();
    expect(await secondsLeft(page)).toBeGreaterThan(STAFF_IDLE_SECONDS - 30);
  });
}
