/**
 * The forgotten-password plan in the browser: the address typed, left and sent on the real
 * "Forgot your password?" page; CheckEmail held until the path says how the server answers (the
 * real server takes the path's own address and emails it a link; refusals and failures are
 * arranged); then the page that says where the link went.
 */
import type { forgotPasswordMachine } from '@machines/password-reset/forgot-password.machine';
import { selectEmailProblem } from '@machines/password-reset/password-reset.selectors';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { emailProblem } from '@/lib/password-form-rules';
import { expect } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, PathRun } from './browser-paths';
import { fromServer } from './call-gate';
import { emailFieldMessages, expectFailure, expectField, leaveField, rejectionAnswer } from './password-forms';

const checkEmail = 'ForgotPassword/CheckEmail';
/** The account's address in the model; in the browser, the path's own account's. */
const modelAccount = 'pat.doe@example.com';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** What is typed in the browser for what the model types: the path's own address for the model's account. */
const typed = (run: PathRun, value: string) => (value === modelAccount ? modelPathAccounts.passwordForgot(run.number).userEmail : value);

const emailField = (page: Page) => page.getByLabel('Email', { exact: true });

export const forgotPasswordPaths: BrowserPaths = {
  machine: 'forgot-password',
  // A new tab keeps no address: the page opens empty.
  start: async (run) => {
    run.gate.hold(checkEmail);
    await run.page.goto('/SUN/forgotpassword');
  },
  steps: {
    'form.edit': (run, event) => emailField(run.page).fill(typed(run, String(event.value))),
    'form.leave': (run) => leaveField(run.page, emailField(run.page)),
    'form.submit': async (run) => {
      await run.page.getByRole('button', { name: 'Send the link' }).click();
      if (run.after.matches('submitting')) await run.gate.arrived(checkEmail);
    },
    'xstate.done.actor.requestReset': (run) => run.gate.answer(checkEmail, fromServer),
    'xstate.error.actor.requestReset': (run, event) => run.gate.answer(checkEmail, rejectionAnswer(event)),
  },
  screens: {
    // The address as typed, its problem once shown, the failure above the form; after a refused submit the field has the focus.
    'forgotPassword.editing': async (run) => {
      const { page } = run;
      const snapshot = run.after as Snapshot;
      const { context } = snapshot;
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
      const problem = selectEmailProblem(snapshot, emailProblem(context.draft.email));
      await expectField(emailField(page), typed(run, context.draft.email), problem ? emailFieldMessages[problem] : null);
      await expectFailure(page, context.failure);
      if (context.refusals > (run.before.context as Snapshot['context']).refusals) await expect(emailField(page)).toBeFocused();
    },
    // CheckEmail is on its way: the button says so and the form is busy.
    'forgotPassword.submitting': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The next page names the address the link went to.
    'forgotPassword.sent': async (run) => {
      const { page } = run;
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      await expect(page.getByTestId('reset-link-sent')).toContainText(`We sent a link to reset your password to ${modelPathAccounts.passwordForgot(run.number).userEmail}.`);
    },
  },
};
