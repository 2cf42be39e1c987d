/**
 * The update password plan in the browser: the path's own user signs in and opens Update password
 * from the menu; the fields are typed, left and sent on the real page; UpdatePassword is held until
 * the path says how the server answers (the real server changes the password; refusals and
 * failures are arranged).
 */
import { selectProblems, firstProblemField } from '@machines/password-update/update-password.selectors';
import type { updatePasswordMachine } from '@machines/password-update/update-password.machine';
import { updatePasswordFields, type UpdatePasswordField } from '@machines/password-update/update-password.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { updatePasswordProblems } from '@/lib/password-form-rules';
import type { PasswordFieldRole } from '@/lib/password-form-messages';
import { demo, expect, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths } from './browser-paths';
import { fromServer } from './call-gate';
import { expectFailure, expectField, leaveField, passwordFieldMessage, rejectionAnswer } from './password-forms';

const updatePassword = 'User/UpdatePassword';

type Snapshot = SnapshotFrom<typeof updatePasswordMachine>;

const labels: Record<UpdatePasswordField, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  passwordConfirmation: 'Confirm the new password',
};
const roles: Record<UpdatePasswordField, PasswordFieldRole> = { currentPassword: 'current', newPassword: 'new', passwordConfirmation: 'confirmation' };
const fieldOf = (page: Page, field: UpdatePasswordField) => page.getByLabel(labels[field], { exact: true });

export const updatePasswordPaths: BrowserPaths = {
  machine: 'update-password',
  // The model's current password is the demo one, which the path's own user signs in with.
  start: async (run) => {
    const { page } = run;
    run.gate.hold(updatePassword);
    await page.goto('/SUN/login');
    await signIn(page, modelPathAccounts.passwordUpdate(run.number).userEmail, demo.password);
    await page.getByTestId('menu-signed-in').getByRole('link', { name: 'Update password' }).click();
  },
  steps: {
    'form.edit': (run, event) => fieldOf(run.page, event.field as UpdatePasswordField).fill(String(event.value)),
    'form.leave': (run, event) => leaveField(run.page, fieldOf(run.page, event.field as UpdatePasswordField)),
    'form.submit': async (run) => {
      await run.page.getByRole('button', { name: 'Change the password' }).click();
      if (run.after.matches('submitting')) await run.gate.arrived(updatePassword);
    },
    'xstate.done.actor.updatePassword': (run) => run.gate.answer(updatePassword, fromServer),
    'xstate.error.actor.updatePassword': (run, event) => run.gate.answer(updatePassword, rejectionAnswer(event)),
  },
  screens: {
    // Each field as typed with its problem once shown, the failure above; after a refused submit the first field to fix has the focus.
    'updatePassword.editing': async (run) => {
      const { page } = run;
      const snapshot = run.after as Snapshot;
      const { context } = snapshot;
      await expect(page.getByRole('heading', { level: 1, name: 'Update password' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change the password' })).toBeVisible();
      const problems = selectProblems(snapshot, updatePasswordProblems(context.draft, context.email));
      for (const field of updatePasswordFields) {
        const problem = problems[field];
        await expectField(fieldOf(page, field), context.draft[field], problem ? passwordFieldMessage(roles[field], problem) : null);
      }
      await expectFailure(page, context.failure);
      const first = firstProblemField(problems);
      if (first && context.refusals > (run.before.context as Snapshot['context']).refusals) await expect(fieldOf(page, first)).toBeFocused();
    },
    // UpdatePassword is on its way: the button says so and the form is busy.
    'updatePassword.submitting': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The success screen, and this session stays.
    'updatePassword.changed': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
      await expect(page.getByTestId('menu-signed-in').getByRole('button', { name: 'Sign out' })).toBeVisible();
    },
  },
};
