/**
 * The password reset plan in the browser: the link opened as it came in the email. A path whose
 * link works opens a real link, asked for the path's own account before it starts and read from
 * the development outbox; a path whose link does not work opens one with an unknown token (or no
 * token at all). CheckResetLink and ResetPassword are held until the path says how the server
 * answers: the real server checks the link and sets the password, refusals and failures are
 * arranged.
 */
import { firstProblemField, selectResetProblems } from '@machines/password-reset/password-reset.selectors';
import { resetPasswordFields, type ResetPasswordField } from '@machines/password-reset/password-reset.types';
import type { resetPasswordMachine } from '@machines/password-reset/reset-password.machine';
import { toResetPasswordRejection } from '@machines/password-reset/reset-password.machine';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { resetPasswordProblems } from '@/lib/password-form-rules';
import type { PasswordFieldRole } from '@/lib/password-form-messages';
import { expect, emailArrives } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer } from './call-gate';
import { expectFailure, expectField, leaveField, passwordFieldMessage, rejectionAnswer } from './password-forms';

const endpoints = { check: 'ForgotPassword/CheckResetLink', reset: 'ForgotPassword/ResetPassword' } as const;
/** A token of the links' shape that no link carries: the server finds no link for it. */
const unknownToken = 'model-path-unknown-link-'.padEnd(43, '0');

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;

const labels: Record<ResetPasswordField, string> = { password: 'New password', passwordConfirmation: 'Confirm the new password' };
const roles: Record<ResetPasswordField, PasswordFieldRole> = { password: 'new', passwordConfirmation: 'confirmation' };
const fieldOf = (page: Page, field: ResetPasswordField) => page.getByLabel(labels[field], { exact: true });

const account = (run: PathRun) => modelPathAccounts.passwordReset(run.number).userEmail;

/** Whether the path's link works: the server then finds it (else the path opens a link with an unknown token). */
const linkWorks = (run: PathRun) => run.events.some((event) => event.type === 'xstate.done.actor.checkResetLink');

/** Asks for a reset link for the address (as "Forgot your password?" does), and reads it from the development outbox. */
async function resetLinkFor(run: PathRun, address: string): Promise<string> {
  const { request } = run.context;
  // Any answer of the API hands out the anti-forgery cookie that a POST echoes.
  await request.get('/api/User/GetIsUserLoggedIn');
  const xsrf = (await run.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const asked = await request.post('/api/ForgotPassword/CheckEmail', {
    data: { email: address, language: 'en-US', clientCode: 'SUN' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(asked.ok(), `CheckEmail answered ${String(asked.status())}`).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await (await request.get(`/dev/outbox?to=${encodeURIComponent(address)}`)).text();
      const email = outbox.split('<article>').find((article) => article.includes(`To: ${address} `));
      link = email === undefined ? undefined : /https?:\/\/[^\s<]+\/resetpassword#token=[\w-]{43}/.exec(email)?.[0];
      return link;
    }, emailArrives)
    .toBeDefined();
  if (link === undefined) throw new Error(`No reset link to ${address}`);
  return link;
}

/** The check's failure as the server gives it: for the unknown token, the real server's; else arranged. */
function checkFailure(run: PathRun, event: ModelEvent) {
  return toResetPasswordRejection(event.error).code === 'linkInvalid' && !linkWorks(run) ? fromServer : rejectionAnswer(event);
}

export const resetPasswordPaths: BrowserPaths = {
  machine: 'reset-password',
  start: async (run) => {
    run.gate.hold(endpoints.check, endpoints.reset);
    const token = (run.before.context as Snapshot['context']).token;
    if (token === null) await run.page.goto('/SUN/resetpassword');
    else await run.page.goto(linkWorks(run) ? await resetLinkFor(run, account(run)) : `/SUN/resetpassword#token=${unknownToken}`);
    if (token !== null) await run.gate.arrived(endpoints.check);
  },
  steps: {
    'xstate.done.actor.checkResetLink': (run) => run.gate.answer(endpoints.check, fromServer),
    'xstate.error.actor.checkResetLink': (run, event) => run.gate.answer(endpoints.check, checkFailure(run, event)),
    'resetPassword.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(endpoints.check);
    },
    'form.edit': (run, event) => fieldOf(run.page, event.field as ResetPasswordField).fill(String(event.value)),
    'form.leave': (run, event) => leaveField(run.page, fieldOf(run.page, event.field as ResetPasswordField)),
    'form.submit': async (run) => {
      await run.page.getByRole('button', { name: 'Set the new password' }).click();
      if (run.after.matches('submitting')) await run.gate.arrived(endpoints.reset);
    },
    'xstate.done.actor.resetPassword': (run) => run.gate.answer(endpoints.reset, fromServer),
    'xstate.error.actor.resetPassword': (run, event) => run.gate.answer(endpoints.reset, rejectionAnswer(event)),
  },
  screens: {
    // CheckResetLink is on its way: the page says the link is being checked.
    'resetPassword.checkingLink': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Checking your link…' })).toBeVisible();
    },
    'resetPassword.checkFailed': async (run) => {
      await expectFailure(run.page, (run.after as Snapshot).context.failure);
      await expect(run.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    // The form for the link's account: each field as typed with its problem once shown, the failure above; after a refused submit the first field to fix has the focus.
    'resetPassword.editing': async (run) => {
      const { page } = run;
      const snapshot = run.after as Snapshot;
      const { context } = snapshot;
      await expect(page.getByTestId('reset-account')).toHaveText(account(run));
      await expect(page.getByRole('button', { name: 'Set the new password' })).toBeVisible();
      const problems = selectResetProblems(snapshot, resetPasswordProblems(context.draft, context.email));
      for (const field of resetPasswordFields) {
        const problem = problems[field];
        await expectField(fieldOf(page, field), context.draft[field], problem ? passwordFieldMessage(roles[field], problem) : null);
      }
      await expectFailure(page, context.failure);
      const first = firstProblemField(problems);
      if (first && context.refusals > (run.before.context as Snapshot['context']).refusals) await expect(fieldOf(page, first)).toBeFocused();
    },
    // ResetPassword is on its way: the button says so and the form is busy.
    'resetPassword.submitting': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The success screen, which leads to signing in.
    'resetPassword.reset': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your password has been reset' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the next page now' })).toHaveAttribute('href', '/SUN/login');
    },
    // Said calmly, with the way to a new link.
    'resetPassword.linkInvalid': async ({ page }) => {
      await expect(page.getByTestId('reset-link-invalid')).toContainText('This link cannot be used to reset your password.');
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    },
  },
};
