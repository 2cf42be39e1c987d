/**
 * The console root's plan in the browser: the console's pages with their calls held, the staff
 * session answered as the path says (no seeded staff member signs in), the sign-in and set-up
 * screens telling the root when they are done, signing out from the menu, a console call refused
 * because the session ended and the sign-in over the screen, and a page the server rendered.
 */
import type { StaffRole, StaffSession } from '@contracts/console';
import type { Page } from '@playwright/test';
import { appHasTakenOver, expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { json, offline, refusal } from './call-gate';
import { quietDay, roleNames, staffSession } from './console-page';

const signIn = 'console/sign-in';
const code = 'console/sign-in/code';
const signOut = 'console/sign-out';
const today = 'console/today';
const payments = 'console/payments';
const startApp = 'console/enrol/authenticator';
const confirmApp = 'console/enrol/authenticator/confirm';

const password = 'Sunrise#Demo2026';
const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Billing office sign-in' });
const ended = (page: Page) => page.getByRole('dialog', { name: 'Your session has ended' });

/** The session's answer, and then Today's when it signs someone in (the console opens at Today). */
async function answerSession(run: PathRun, endpoint: string, session: StaffSession): Promise<void> {
  await run.gate.answer(endpoint, json(session));
  if (session.stage === 'signedIn') await run.gate.answer(today, json(quietDay));
}

/** The sign-in page's password step, with the page's lab; the server answers with `next`. */
async function givePassword(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signed in as this role: the menu says who, in which role, and offers that role's screens (read
 * by its classes: under the sign-in over the screen, the page is hidden from the accessibility tree);
 * the console opened at Today, unless a call was refused since.
 */
const signedInAs = (role: StaffRole) => async (run: PathRun) => {
  const { page } = run;
  if (!refusedSinceSignIn(run)) await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.locator('.office-who')).toContainText(`(${roleNames[role]})`);
  await expect(page.locator('.office-menu a', { hasText: 'Staff' })).toHaveCount(role === 'officeAdmin' ? 1 : 0);
  await expect(page.locator('.office-menu a', { hasText: 'Integrations' })).toHaveCount(role === 'officeAdmin' ? 1 : 0);
};

/** Whether a console call was refused since the staff member signed in: the sign-in over the screen is open. */
function refusedSinceSignIn(run: PathRun): boolean {
  for (const event of run.events.slice(0, run.index + 1).reverse()) {
    if (event.type === 'console.refused') return true;
    if (event.type === 'console.signedIn' || event.type === 'xstate.done.actor.loadStaffSession') return false;
  }
  return false;
}

/** Another screen's data, refused because the session ended: the sign-in over the screen opens. */
async function refuseACall(run: PathRun): Promise<void> {
  await run.page.locator('.office-menu a', { hasText: 'Payments' }).click();
  await run.gate.answer(payments, refusal(401, 'notSignedIn'));
  await expect(ended(run.page)).toBeVisible();
}

/** The sign-in over the screen, opened by a refused call unless one was refused already. */
async function signInOverTheScreen(run: PathRun) {
  if (!refusedSinceSignIn(run)) await refuseACall(run);
  return ended(run.page);
}

/** Neither the sign-in nor a console screen is shown yet: the console is waiting for the server. */
async function waiting({ page }: PathRun): Promise<void> {
  await expect(signInHeading(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toHaveCount(0);
}

export const consolePaths: BrowserPaths = {
  machine: 'console',
  // The page opens with the path's first step (in the browser, or as the server renders it).
  start: (run) => {
    run.gate.hold(staffSession, signIn, code, signOut, today, payments, startApp, confirmApp);
    return Promise.resolve();
  },
  steps: {
    'console.start': async (run) => {
      await run.page.goto('/SUN/office/');
      await run.gate.arrived(staffSession);
    },
    // A fresh browser's page, rendered by the server with nobody signed in: the browser takes it over without asking again.
    'console.resumed': async (run) => {
      run.serverRendered = true;
      await run.page.goto('/SUN/office/');
      await appHasTakenOver(run.page);
      expect(run.gate.calls(staffSession)).toBe(0);
    },
    'xstate.done.actor.loadStaffSession': (run, event) => answerSession(run, staffSession, event.output as StaffSession),
    'xstate.error.actor.loadStaffSession': (run) => run.gate.answer(staffSession, offline),
    'console.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(staffSession);
    },
    // The password (unless a second factor is owed already) and the code; the code's answer is the new session, and nobody asks the server again.
    'console.signedIn': async (run, event: ModelEvent) => {
      const session = event.session as Extract<StaffSession, { stage: 'signedIn' }>;
      const { page } = run;
      if (!run.before.matches({ signingIn: 'secondFactor' })) {
        await givePassword(page, session.email);
        await run.gate.answer(signIn, json({ stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } }));
      }
      const asked = run.gate.calls(staffSession);
      await page.getByLabel('Code from your authenticator app, or a recovery code', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answerSession(run, code, session);
      expect(run.gate.calls(staffSession)).toBe(asked);
    },
    'console.enrolmentOwed': async (run, event: ModelEvent) => {
      const { page } = run;
      if (run.before.matches({ signingIn: 'secondFactor' })) await page.getByRole('button', { name: 'Start again with another account' }).click();
      await givePassword(page, String(event.email));
      await run.gate.answer(signIn, json({ stage: 'enrol', email: String(event.email) }));
    },
    // The set-up page's steps with an authenticator app, to the recovery codes kept.
    'console.enrolled': async (run) => {
      const { page } = run;
      await page.getByRole('button', { name: 'Use an authenticator app' }).click();
      await run.gate.answer(startApp, json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' }));
      await page.getByLabel('The 6-digit code your app shows', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await run.gate.answer(confirmApp, json({ recoveryCodes: Array.from({ length: 10 }, (_, index) => `ABCD-EF${String(10 + index)}`) }));
      await page.getByRole('button', { name: 'I have kept them: open the console' }).click();
      await run.gate.arrived(staffSession);
    },
    'console.signOut': async (run) => {
      await run.page.locator('.office-menu').getByRole('button', { name: 'Sign out' }).click();
      await run.gate.arrived(signOut);
    },
    'xstate.done.actor.signOut': (run) => run.gate.answer(signOut, json({ stage: 'none' })),
    'xstate.error.actor.signOut': (run) => run.gate.answer(signOut, offline),
    // A second refusal meets the sign-in over the screen open already: nothing changes.
    'console.refused': async (run) => {
      if (run.index > 0 && refusedSinceSignIn({ ...run, index: run.index - 1 })) return;
      await refuseACall(run);
    },
    // The staff session signs out: from the sign-in over the screen (Sign out instead).
    'console.signedOut': async (run) => {
      await (await signInOverTheScreen(run)).getByRole('button', { name: 'Sign out instead' }).click();
      await run.gate.answer(signOut, json({ stage: 'none' }));
    },
    // Someone else signs in over the screen: the console loads afresh, asks the server who, and opens at Today.
    'console.replaced': async (run) => {
      const dialog = await signInOverTheScreen(run);
      await dialog.getByLabel('Email', { exact: true }).fill('billing.clerk@sunriselabs.example');
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await run.gate.answer(signIn, json({ stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } }));
      await dialog.getByLabel('Code from your authenticator app, or a recovery code', { exact: true }).fill('123456');
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      const clerk: StaffSession = { stage: 'signedIn', email: 'billing.clerk@sunriselabs.example', role: 'billingStaff', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 };
      await run.gate.answer(code, json(clerk));
      await answerSession(run, staffSession, clerk);
    },
  },
  screens: {
    // No page yet: the path's first step opens it.
    'console.starting': async () => {},
    'console.checking': waiting,
    // The page loaded afresh for the one who signed in over the screen: nothing of the last person's.
    'console.reopening': async ({ page }) => {
      await expect(page).toHaveURL(/\/SUN\/office\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await expect(page.locator('.office-who')).toContainText('billing.clerk@sunriselabs.example (Billing staff)');
      await expect(ended(page)).toHaveCount(0);
    },
    'console.signingOut': async ({ page }) => {
      await expect(signInHeading(page)).toHaveCount(0);
    },
    'console.unavailable': async ({ page }) => {
      await expect(page.getByRole('alert')).toHaveText('We could not load this page. Check your connection, then try again.');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'console.signingIn.signedOut': async ({ page }) => {
      await expect(signInHeading(page)).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    },
    'console.signingIn.secondFactor': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Second step' })).toBeVisible();
    },
    'console.signingIn.enrolling': async ({ page }) => {
      await expect(page).toHaveURL(/\/SUN\/office\/welcome$/);
      await expect(page.getByRole('button', { name: 'Use an authenticator app' })).toBeVisible();
    },
    // Signed in: after a refused call, the sign-in over the screen; otherwise no dialog of the session's.
    'console.signedIn': async (run) => {
      await expect(ended(run.page)).toHaveCount(refusedSinceSignIn(run) ? 1 : 0);
    },
    'console.signedIn.officeAdmin': signedInAs('officeAdmin'),
    'console.signedIn.billingStaff': signedInAs('billingStaff'),
    'console.signedIn.readOnly': signedInAs('readOnly'),
  },
};
