/**
 * The staff session plan in the browser: the console's Staff screen with its calls held, the poll
 * of the time left under the page's clock, the warning and Stay signed in, a console action refused
 * because the session ended, and the sign-in over the screen, each answered as the path says.
 */
import { staffSessionDelays } from '@machines/console/staff-session.machine';
import type { StaffSessionContext } from '@machines/console/staff-session.types';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { errorCodeOf, json, offline, refusal } from './call-gate';
import { installClock, runClock } from './clock';
import { ownEmail, openConsoleScreen, quietDay, signedInAs, staffSession } from './console-page';

const timeLeft = 'console/session/time-left';
const extend = 'console/session/extend';
const signOut = 'console/sign-out';
const signIn = 'console/sign-in';
const code = 'console/sign-in/code';
const staff = 'console/staff';
const today = 'console/today';

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to end' });
const ended = (page: Page) => page.getByRole('dialog', { name: 'Your session has ended' });
const inviteForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Send the invitation' }) });
const contextOf = (run: PathRun) => run.before.context as StaffSessionContext;

/** No dialog of the session's over the screen. */
async function noDialog(run: PathRun): Promise<void> {
  await expect(warning(run.page)).toHaveCount(0);
  await expect(ended(run.page)).toHaveCount(0);
}

export const staffSessionPaths: BrowserPaths = {
  machine: 'staff-session',
  start: async (run) => {
    await installClock(run.page);
    await openConsoleScreen(run, { screen: 'staff', role: 'officeAdmin', load: { endpoint: staff, body: { staff: [] } }, heading: 'Staff', hold: [timeLeft, extend, signOut, signIn, code, today] });
  },
  steps: {
    'xstate.after.pollInterval.staffSession.signedIn.waiting': async (run) => {
      await runClock(run.page, staffSessionDelays.pollInterval);
      await run.gate.arrived(timeLeft);
    },
    // The poll's answer is the path's (whether to warn, and the seconds left), in the API's shape.
    'xstate.done.actor.checkTimeLeft': (run, event) => run.gate.answer(timeLeft, json(event.output)),
    'xstate.error.actor.checkTimeLeft': (run) => run.gate.answer(timeLeft, offline),
    'staffSession.stay': async (run) => {
      await warning(run.page).getByRole('button', { name: 'Stay signed in' }).click();
      await run.gate.arrived(extend);
    },
    'xstate.done.actor.extendSession': (run, event) => run.gate.answer(extend, json(event.output)),
    'xstate.error.actor.extendSession': (run, event) => run.gate.answer(extend, errorCodeOf(event.error) === 'ended' ? refusal(401, 'notSignedIn') : offline),
    // Until the end the last poll gave, as the warning counts down to it; then the server is asked again.
    'xstate.after.sessionEnd.staffSession.signedIn.warning': async (run) => {
      await runClock(run.page, Math.max(0, contextOf(run).secondsLeft) * 1000);
      await run.gate.arrived(timeLeft);
    },
    'staffSession.signOut': async (run) => {
      const dialog = run.before.matches('ended') ? ended(run.page).getByRole('button', { name: 'Sign out instead' }) : warning(run.page).getByRole('button', { name: 'Sign out' });
      await dialog.click();
      await run.gate.arrived(signOut);
    },
    // Signed out, the console's root shows its sign-in page (it knows: the server is not asked again).
    'xstate.done.actor.signOut': (run) => run.gate.answer(signOut, json({ stage: 'none' })),
    'xstate.error.actor.signOut': (run) => run.gate.answer(signOut, offline),
    // The screen's own action: an invitation sent, refused because the session ended.
    'staffSession.refused': async (run) => {
      const form = inviteForm(run.page);
      await form.getByLabel('Email', { exact: true }).fill('new.clerk@sunriselabs.example');
      await form.getByRole('button', { name: 'Send the invitation' }).click();
      await run.gate.answer(staff, refusal(401, 'notSignedIn'));
    },
    // The email, password and code over the screen; someone else's email opens the console afresh for them.
    'staffSession.signedIn': async (run, event: ModelEvent) => {
      const dialog = ended(run.page);
      const email = String(event.email);
      if (email !== ownEmail) await dialog.getByLabel('Email', { exact: true }).fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill('Sunrise#Demo2026');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await run.gate.answer(signIn, json({ stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } }));
      await dialog.getByLabel('Code from your authenticator app, or a recovery code', { exact: true }).fill('123456');
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await run.gate.answer(code, json({ ...signedInAs('officeAdmin'), email }));
      if (email === ownEmail) return;
      await run.gate.answer(staffSession, json({ ...signedInAs('billingStaff'), email }));
      await run.gate.answer(today, json(quietDay));
    },
  },
  screens: {
    'staffSession.signedIn.waiting': noDialog,
    'staffSession.signedIn.checking': noDialog,
    'staffSession.signedIn.warning': async (run) => {
      const dialog = warning(run.page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeVisible();
      if ((run.after.context as StaffSessionContext).failure !== null) await expect(dialog.getByRole('alert')).toHaveText('We could not reach the portal. Check your connection and try again.');
    },
    'staffSession.signedIn.extending': async ({ page }) => {
      await expect(warning(page).getByRole('button', { name: 'Staying signed in…' })).toBeVisible();
    },
    'staffSession.ended': async ({ page }) => {
      await expect(ended(page)).toBeVisible();
      await expect(ended(page).getByLabel('Email', { exact: true })).toHaveValue(ownEmail);
      await expect(ended(page).getByLabel('Password', { exact: true })).toBeFocused();
    },
    'staffSession.signingOut': noDialog,
    'staffSession.signedOut': async ({ page, gate }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Billing office sign-in' })).toBeVisible();
      expect(gate.calls(staffSession)).toBe(1);
    },
    'staffSession.replaced': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await expect(page.getByText('billing.clerk@sunriselabs.example')).toBeVisible();
    },
  },
};
