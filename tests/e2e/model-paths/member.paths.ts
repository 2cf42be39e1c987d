/**
 * The member information plan in the browser: a billing user of the path's own opens the page
 * from the menu; its calls (the information, the save, signing out everywhere) are held until the
 * path says how they end. Typing, leaving a field, Save and the sign-out question are done on the
 * page; what each state shows (each field's problem, the failure, the saved notice, the question)
 * is read off the screen as the model predicts it.
 */
import { selectFailure, selectFieldProblems, selectIsSaved, selectSignOutFailure } from '@machines/member/member.selectors';
import type { MemberMachine } from '@machines/member/member.machine';
import { memberFields, type MemberCallFailure, type MemberField, type MemberFieldProblem } from '@machines/member/member.types';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer, json, offline, refusal, type Answer } from './call-gate';
import { openFromMenu } from './signed-in-page';

/** The model's snapshot, as the member machine's selectors read it. */
const member = (snapshot: AnyMachineSnapshot) => snapshot as SnapshotFrom<MemberMachine>;

const endpoints = {
  load: 'User/GetMemberInformation',
  save: 'User/UpdateMemberInformation',
  signOutEverywhere: 'User/SignOutEverywhere',
} as const;

const labels: Record<MemberField, string> = { firstName: 'First name', lastName: 'Last name', company: 'Company (optional)' };

/** What the page says at a field for each problem (messages.ts, in English). */
function problemMessage(field: MemberField, problem: MemberFieldProblem): string {
  if (problem === 'required') return field === 'lastName' ? 'Enter your last name.' : 'Enter your first name.';
  if (problem === 'tooLong') return 'This is too long: at most 100 characters.';
  if (problem === 'invalidCharacters') return 'This contains characters that cannot be used, such as control characters. Please type it again.';
  return 'This cannot be used as typed. Please check it.';
}

const failureMessages: Record<string, string> = {
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  notSignedIn: 'You are no longer signed in. Please sign in again.',
};

/** The failure a model event carries, as the page meets it: the network down, or the API's refusal. */
function failure(event: ModelEvent): Answer {
  const error = event.error as MemberCallFailure;
  if (error.code === 'refused') return json({ error: 'invalidRequest', fields: error.fields }, 400);
  if (error.code === 'network') return offline;
  return error.code === 'notSignedIn' ? refusal(401, 'notSignedIn') : refusal(500, 'serverError');
}

const field = (page: Page, name: MemberField) => page.getByLabel(labels[name], { exact: true });
const detailsPart = (page: Page) => page.getByRole('region', { name: 'Your name and company' });
const signOutPart = (page: Page) => page.getByRole('region', { name: 'Sign out on every device' });
const question = 'Sign out on every device now? You will need to sign in again here too.';

/**
 * Each field shows the problem the model predicts, or none; after a refused save the focus is on
 * the first; the failure and the saved notice as predicted. Checked side by side (each waits for
 * the screen), after the state's own sign has shown.
 */
async function expectFields(run: PathRun): Promise<void> {
  const { page, after, before } = run;
  const problems = selectFieldProblems(member(after));
  const refused = member(after).context.refusals > member(before).context.refusals;
  const first = memberFields.find((name) => problems[name] !== undefined);
  const failed = selectFailure(member(after));
  const alert = detailsPart(page).getByRole('alert');
  const savedNotice = detailsPart(page).getByText('Your name and company are saved.');
  await Promise.all([
    ...memberFields.map((name) => {
      const problem = problems[name];
      return problem
        ? expect(field(page, name)).toHaveAccessibleDescription(problemMessage(name, problem))
        : expect(field(page, name)).not.toHaveAttribute('aria-invalid');
    }),
    refused && first ? expect(field(page, first)).toBeFocused() : null,
    failed ? expect(alert).toHaveText(failureMessages[failed] ?? '') : expect(alert).toHaveCount(0),
    selectIsSaved(member(after)) ? expect(savedNotice).toBeVisible() : expect(savedNotice).toHaveCount(0),
  ]);
}

/** The sign-out question, with the failure the model predicts (or none). */
async function expectQuestion(run: PathRun, answer: 'Yes, sign out everywhere' | 'Signing out…'): Promise<void> {
  const part = signOutPart(run.page);
  await expect(part.getByRole('button', { name: answer })).toHaveAttribute('aria-disabled', String(answer === 'Signing out…'));
  const failed = selectSignOutFailure(member(run.after));
  await Promise.all([
    expect(part.getByText(question)).toBeVisible(),
    failed ? expect(part.getByRole('alert')).toHaveText(failureMessages[failed] ?? '') : expect(part.getByRole('alert')).toHaveCount(0),
    expectFields(run),
  ]);
}

export const memberPaths: BrowserPaths = {
  machine: 'member',
  start: async (run) => {
    await openFromMenu(run, modelPathAccounts.memberUser(run.number).userEmail, 'Member information', Object.values(endpoints));
    await run.gate.arrived(endpoints.load);
  },
  steps: {
    // The other three calls of the page go to the server as they are; this one is held.
    'xstate.done.actor.loadMember': (run) => run.gate.answer(endpoints.load, fromServer),
    'xstate.error.actor.loadMember': (run, event) => run.gate.answer(endpoints.load, failure(event)),
    'member.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(endpoints.load);
    },
    // Typed even while a save is on its way (the overlay is over the page, the field is not shut).
    'form.edit': (run, event) => field(run.page, event.field as MemberField).fill(event.value as string),
    'form.leave': async (run, event) => {
      await field(run.page, event.field as MemberField).focus();
      await run.page.keyboard.press('Tab');
    },
    'form.submit': async (run) => {
      await detailsPart(run.page).getByRole('button', { name: 'Save changes' }).click();
      if (run.after.matches({ ready: 'saving' })) await run.gate.arrived(endpoints.save);
    },
    // The draft sent is what the server had: it stores it again.
    'xstate.done.actor.saveDetails': (run) => run.gate.answer(endpoints.save, fromServer),
    'xstate.error.actor.saveDetails': (run, event) => run.gate.answer(endpoints.save, failure(event)),
    'member.signOutEverywhere': (run) => signOutPart(run.page).getByRole('button', { name: 'Sign out on every device' }).click(),
    'member.cancelSignOut': (run) => signOutPart(run.page).getByRole('button', { name: 'Cancel' }).click(),
    'member.confirmSignOut': async (run) => {
      await signOutPart(run.page).getByRole('button', { name: 'Yes, sign out everywhere' }).click();
      await run.gate.arrived(endpoints.signOutEverywhere);
    },
    'xstate.done.actor.signOutEverywhere': (run) => run.gate.answer(endpoints.signOutEverywhere, fromServer),
    'xstate.error.actor.signOutEverywhere': (run, event) => run.gate.answer(endpoints.signOutEverywhere, failure(event)),
  },
  screens: {
    'member.loading': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Member information' })).toBeVisible();
      await expect(page.getByText('Loading your information…')).toBeVisible();
    },
    'member.loadFailed': async ({ page, after }) => {
      const failed = selectFailure(member(after)) ?? 'serverError';
      await expect(page.getByRole('alert').filter({ hasText: failureMessages[failed] ?? '' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    // The information shows (checked as it opens): the user's own address, the accounts.
    'member.ready': async (run) => {
      if (run.index >= 0 && run.before.matches('ready')) return;
      const { page } = run;
      await Promise.all([
        expect(page.getByTestId('member-email')).toHaveText(modelPathAccounts.memberUser(run.number).userEmail),
        expect(page.getByRole('row').filter({ hasText: 'Sunrise Laboratories' })).toContainText('(signed in here now)'),
      ]);
    },
    'member.ready.editing': async (run) => {
      const { page } = run;
      await expect(detailsPart(page).getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'false');
      await Promise.all([expect(signOutPart(page).getByRole('button', { name: 'Sign out on every device' })).toBeVisible(), expectFields(run)]);
    },
    'member.ready.saving': async (run) => {
      await expect(detailsPart(run.page).getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
      await expectFields(run);
    },
    'member.ready.confirmingSignOut': (run) => expectQuestion(run, 'Yes, sign out everywhere'),
    'member.ready.signingOut': (run) => expectQuestion(run, 'Signing out…'),
    // The session has ended here too: the sign-in page says it happened on every device.
    'member.signedOut': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.getByText('You have signed out on every device, this one included.')).toBeVisible();
      await expect(page.getByTestId('menu-signed-in')).toHaveCount(0);
    },
  },
};
