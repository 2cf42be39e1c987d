/**
 * The email change confirmation plan in the browser: the path's own billing user signs in, then
 * opens an email change's link; the ConfirmEmailChange call is held until the path says how it
 * ends. The link carries a token no email carried, so the server's own answer is that it does not
 * work; the address changing is the server's answer arranged (a real change would leave the
 * path's user without the address it signs in with on the next run).
 */
import type { EmailConfirmationContext } from '@machines/email-change/email-change.types';
import { toEmailChangeFailure } from '@machines/email-change/email-change.failures';
import type { Page } from '@playwright/test';
import { demo, expect, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer, json, offline, refusal, type Answer } from './call-gate';

const confirm = 'User/ConfirmEmailChange';

/** The HTTP status the API answers each failure code with. */
const failureStatus: Record<string, number> = {
  notSignedIn: 401,
  tooManyRequests: 429,
  accountDisabled: 403,
  serverError: 500,
};

function failure(event: ModelEvent): Answer {
  const { code } = toEmailChangeFailure(event.error);
  // The server's own answer for a link it does not know.
  if (code === 'linkInvalid') return fromServer;
  if (code === 'network') return offline;
  const shown = code === 'refused' ? 'serverError' : code;
  return refusal(failureStatus[shown] ?? 500, shown);
}

const failures: Record<string, string> = {
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  notSignedIn: 'You are no longer signed in. Please sign in again.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  accountDisabled: 'This account is disabled, so its email address cannot be changed here. Please contact us.',
};

const user = (run: PathRun) => modelPathAccounts.emailConfirmer(run.number);
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Confirm your changes' });

export const emailConfirmationPaths: BrowserPaths = {
  machine: 'email-confirmation',
  start: async (run) => {
    const { page } = run;
    await page.goto('/SUN/login');
    await signIn(page, user(run).userEmail, demo.password);
    await expect(page.getByTestId('menu-signed-in')).toBeVisible();
    run.gate.hold(confirm);
    await page.goto(`/SUN/confirmation/update#token=${'A'.repeat(43)}`);
    await run.gate.arrived(confirm);
  },
  steps: {
    // The path's new address, in the API's answer.
    'xstate.done.actor.confirmEmailChange': (run, event) => run.gate.answer(confirm, json(event.output)),
    'xstate.error.actor.confirmEmailChange': (run, event) => run.gate.answer(confirm, failure(event)),
    'emailConfirmation.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(confirm);
    },
  },
  screens: {
    'emailConfirmation.confirming': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      // The loading overlay may announce itself beside it, while the call is held.
      await expect(page.getByRole('status').filter({ hasText: 'Confirming your new email address…' })).toBeVisible();
      // The link's token has left the address bar.
      await expect(page).toHaveURL(/\/SUN\/confirmation\/update$/);
    },
    'emailConfirmation.confirmFailed': async (run) => {
      const { page } = run;
      const { failure: code } = run.after.context as EmailConfirmationContext;
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(failures[code ?? 'serverError'] ?? '');
      await expect(page.getByRole('alert')).toContainText('Your email address has not changed yet.');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    // The success screen, which leads back to the member information.
    'emailConfirmation.confirmed': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your email address has been changed' })).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/success\?/);
    },
    'emailConfirmation.linkFailed': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByTestId('link-failed')).toContainText('This link cannot change your email address.');
      await expect(page.getByText('Your email address has not changed. You can ask for a new link.')).toBeVisible();
    },
  },
};
