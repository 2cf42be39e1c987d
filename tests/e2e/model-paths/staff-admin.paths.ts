/**
 * The billing office staff plan in the browser: the console's Staff screen, signed in as the
 * model's office admin, the list answered as the model's, each invitation, role change and
 * deactivation held and answered as the path says.
 */
import type { staffAdminMachine } from '@machines/console/staff-admin.machine';
import type { StaffRow } from '@machines/console/staff-admin.types';
import { inviteProblems, toStaffAdminRejection } from '@machines/console/staff-admin.machine';
import { inviteFields } from '@machines/console/staff-admin.types';
import { shownProblems } from '@machines/form/form.rules';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import type { BrowserPaths, PathRun } from './browser-paths';
import { json, refusal, type Answer } from './call-gate';
import { consoleFailure, consoleFailureMessages, openConsoleScreen, ownEmail, roleNames } from './console-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof staffAdminMachine>;

const staff = 'console/staff';
const snapshotOf = (run: PathRun) => run.after as Snapshot;
const rowOf = (run: PathRun, id: number): StaffRow => {
  const row = snapshotOf(run).context.staff.find((each) => each.id === id);
  if (!row) throw new Error(`No member ${String(id)} in the model's list`);
  return row;
};
// The invitation's: once a call finds the session ended, the sign-in over the screen has an Email too.
const emailField = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Send the invitation' }) }).getByLabel('Email', { exact: true });

/** A failed invitation as the page meets it: an address already staff (409), another refused field (400 with it), or as a console call fails. */
function inviteFailure(error: unknown): Answer {
  const rejection = toStaffAdminRejection(error);
  if (rejection.code !== 'refused') return consoleFailure(error);
  return rejection.fields.email === 'taken' ? refusal(409, 'staffExists') : json({ error: 'invalidRequest', fields: rejection.fields }, 400);
}

const emailMessages = { required: 'Enter the email to invite.', invalid: 'Enter an email address, such as name@lab.example.', taken: 'This email is already staff of this lab.' } as const;
const statusName = (row: StaffRow) => (row.status === 'invited' ? 'Invited' : row.status === 'deactivated' ? 'Deactivated' : row.secondFactor ? 'Active' : 'Active, no second step yet');

export const staffAdminPaths: BrowserPaths = {
  machine: 'staff-admin',
  start: (run) => openConsoleScreen(run, { screen: 'staff', role: 'officeAdmin', load: { endpoint: staff, body: { staff: snapshotOf(run).context.staff } }, heading: 'Staff' }),
  steps: {
    'form.edit': async (run, event) => {
      if (event.field === 'role') await run.page.getByLabel('Role', { exact: true }).selectOption(String(event.value));
      else await emailField(run.page).fill(String(event.value));
    },
    'form.leave': (run) => leaveField(run.page, emailField(run.page)),
    'form.submit': async (run) => {
      await run.page.getByRole('button', { name: 'Send the invitation' }).click();
      if (run.after.matches('inviting')) await run.gate.arrived(staff);
    },
    // Choosing in the list changes nothing; the row's button asks.
    'staff.changeRole': async (run, event) => {
      const row = rowOf(run, Number(event.id));
      await run.page.getByLabel(`Role of ${row.email}`).selectOption(String(event.role));
      await run.page.getByRole('button', { name: `Change the role of ${row.email}` }).click();
    },
    'staff.deactivate': (run, event) => run.page.getByRole('button', { name: `Deactivate ${rowOf(run, Number(event.id)).email}` }).click(),
    'staff.confirm': async (run) => {
      const before = run.before as Snapshot;
      if (before.matches('confirmingRoleChange')) {
        const roleId = String(before.context.roleChange?.id);
        run.gate.hold(`${staff}/${roleId}/role`);
        await run.page.getByRole('alertdialog').getByRole('button', { name: 'Change the role', exact: true }).click();
        await run.gate.arrived(`${staff}/${roleId}/role`);
        return;
      }
      const id = String(before.context.confirming);
      run.gate.hold(`${staff}/${id}/deactivate`);
      await run.page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
      await run.gate.arrived(`${staff}/${id}/deactivate`);
    },
    // A role change is answered no with Escape, a deactivation with Cancel; the focus goes back to the button that asked.
    'staff.cancel': async (run) => {
      const before = run.before as Snapshot;
      if (before.matches('confirmingRoleChange')) {
        await run.page.keyboard.press('Escape');
        await expect(run.page.getByRole('button', { name: `Change the role of ${rowOf(run, Number(before.context.roleChange?.id)).email}` })).toBeFocused();
        return;
      }
      await run.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(run.page.getByRole('button', { name: `Deactivate ${rowOf(run, Number(before.context.confirming)).email}` })).toBeFocused();
    },
    'xstate.done.actor.invite': (run, event) => run.gate.answer(staff, json(event.output)),
    'xstate.error.actor.invite': (run, event) => run.gate.answer(staff, inviteFailure(event.error)),
    'xstate.done.actor.changeRole': (run, event) => run.gate.answer(`${staff}/${String((event.output as StaffRow).id)}/role`, json(event.output)),
    'xstate.error.actor.changeRole': (run, event) => run.gate.answer(`${staff}/${String((run.before as Snapshot).context.roleChange?.id)}/role`, consoleFailure(event.error)),
    'xstate.done.actor.deactivate': (run, event) => run.gate.answer(`${staff}/${String((run.before as Snapshot).context.confirming)}/deactivate`, json(event.output)),
    'xstate.error.actor.deactivate': (run, event) => run.gate.answer(`${staff}/${String((run.before as Snapshot).context.confirming)}/deactivate`, consoleFailure(event.error)),
  },
  screens: {
    // The list as the machine keeps it, what was just done or what failed, the invitation form.
    'staffAdmin.ready': async (run) => {
      const { page } = run;
      const snapshot = snapshotOf(run);
      const { context } = snapshot;
      for (const row of context.staff) {
        const shown = page.getByRole('row').filter({ hasText: row.email });
        await expect(shown).toContainText(statusName(row));
        if (row.email === ownEmail || row.status === 'deactivated') await expect(shown).toContainText(roleNames[row.role]);
        else await expect(shown.getByLabel(`Role of ${row.email}`)).toHaveValue(row.role);
      }
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      const notice = context.notice;
      const status = page.getByRole('status').filter({ hasText: /invitation went to|has a new role|is deactivated/ });
      if (notice === null) await expect(status).toHaveCount(0);
      else {
        const said = { invited: `An invitation went to ${notice.email}.`, roleChanged: `${notice.email} has a new role.`, deactivated: `${notice.email} is deactivated: their sessions have ended.` };
        await expect(status).toHaveText(said[notice.kind]);
      }
      const failure = context.failure;
      if (failure === null) await expect(page.getByRole('alert')).toHaveCount(0);
      else await expect(page.getByRole('alert')).toHaveText(failure === 'lastOfficeAdmin' ? 'The lab must keep at least one active office admin.' : consoleFailureMessages[failure]);
      const problem = shownProblems(context, inviteFields, inviteProblems(context.draft)).email;
      await expectField(emailField(page), context.draft.email, problem ? emailMessages[problem] : null);
      // After a refusal by the server, the focus is on the address it refused.
      if (context.serverProblems.email !== undefined && context.refusals > (run.before as Snapshot).context.refusals) await expect(emailField(page)).toBeFocused();
      await expect(page.getByLabel('Role', { exact: true })).toHaveValue(context.draft.role);
      await expect(page.getByRole('button', { name: 'Send the invitation' })).toBeVisible();
    },
    'staffAdmin.inviting': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The roles cannot be changed again while one change is on its way.
    'staffAdmin.changingRole': async (run) => {
      await expect(run.page.getByRole('button', { name: 'Sending…' })).toBeVisible();
      await expect(run.page.getByLabel(`Role of ${rowOf(run, 2).email}`)).toBeDisabled();
    },
    // The safe answer has the focus.
    'staffAdmin.confirmingDeactivation': async (run) => {
      const row = rowOf(run, Number(snapshotOf(run).context.confirming));
      const dialog = run.page.getByRole('alertdialog');
      await expect(dialog).toContainText(`Deactivate ${row.email}? Their sessions end at once and they can no longer sign in.`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    },
    // Nothing sent yet: the question names the role, the safe answer has the focus.
    'staffAdmin.confirmingRoleChange': async (run) => {
      const { roleChange } = snapshotOf(run).context;
      const row = rowOf(run, Number(roleChange?.id));
      const dialog = run.page.getByRole('alertdialog');
      await expect(dialog).toContainText(`Give ${row.email} the role ${roleNames[roleChange?.role ?? 'readOnly']}? They have its rights from their next step in the console.`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expect(run.page.getByLabel(`Role of ${row.email}`)).toHaveValue(roleChange?.role ?? '');
    },
    'staffAdmin.deactivating': async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
    },
  },
};
