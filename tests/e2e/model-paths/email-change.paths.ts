/**
 * The email change plan in the browser: a billing user of the path's own opens Update email from
 * the menu and types into the real form; the request is held until the path says how it ends (the
 * real server sends the link, to an address of the path's own; its refusals and failures are
 * answered as the API gives them). What each state shows is read off the screen as the model
 * predicts it: each field's problem, the failure above the form, the link's address.
 */
import type { EmailChangeMachine } from '@machines/email-change/email-change.machine';
import { selectFailure, selectFieldProblems, selectSentTo } from '@machines/email-change/email-change.selectors';
import {
  emailChangeFields,
  type EmailChangeCallFailure,
  type EmailChangeField,
  type EmailChangeFieldProblem,
} from '@machines/email-change/email-change.types';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { currentEmail as modelEmail } from '../../model/email-change.model';
import { demo, expect } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer, json, offline, refusal, type Answer } from './call-gate';
import { openFromMenu } from './signed-in-page';

/** The model's snapshot, as the email change machine's selectors read it. */
const emailChange = (snapshot: AnyMachineSnapshot) => snapshot as SnapshotFrom<EmailChangeMachine>;

const endpoint = 'User/RequestEmailChange';
const labels: Record<EmailChangeField, string> = { newEmail: 'New email address', password: 'Current password' };

/** The address the path's user signs in with (the model's pat.doe@example.com). */
const userEmail = (run: PathRun) => modelPathAccounts.emailChangeUser(run.number).userEmail;
/** The path's own new address (the model's new.pat@example.com): its link lands in the outbox, to nobody's harm. */
const newEmail = (run: PathRun) => `e2e.model.member.new.${String(run.number).padStart(2, '0')}@example.com`;

/** An address the model types, as the path's user types it: the same relation to their own address. */
function addressOf(run: PathRun, value: string): string {
  if (value === 'new.pat@example.com') return newEmail(run);
  if (value.toLowerCase() === modelEmail) {
    // The current address in other capitals: the same letters changed in the user's own.
    const [local = '', domain = ''] = userEmail(run).split('@');
    const [modelLocal = ''] = value.split('@');
    return `${modelLocal === modelLocal.toUpperCase() ? local.toUpperCase() : local}@${domain}`;
  }
  throw new Error(`No address of the path's own stands for ${value}`);
}

/** What the page says at a field for each problem (messages.ts, in English). */
function problemMessage(field: EmailChangeField, problem: EmailChangeFieldProblem): string {
  if (field === 'password') {
    if (problem === 'required') return 'Enter your current password.';
    if (problem === 'wrongPassword') return 'This is not your current password.';
    if (problem === 'tooLong') return 'The password is too long: at most 128 characters.';
    return 'This contains characters that cannot be used, such as control characters. Please type it again.';
  }
  if (problem === 'required') return 'Enter the new email address.';
  if (problem === 'tooLong') return 'The email address is too long: at most 254 characters.';
  if (problem === 'sameAsCurrent') return 'This is already your email address. Enter the new one.';
  if (problem === 'invalidCharacters') return 'This contains characters that cannot be used, such as control characters. Please type it again.';
  return 'Enter an email address like name@example.com.';
}

const failureMessages: Record<string, string> = {
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  notSignedIn: 'You are no longer signed in. Please sign in again.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  accountDisabled: 'This account is disabled, so its email address cannot be changed here. Please contact us.',
};

const refusalStatus: Record<string, number> = { notSignedIn: 401, tooManyRequests: 429, accountDisabled: 403, serverError: 500 };

/** The failure a model event carries, as the API answers it (a wrong password is a refused field `invalid`). */
function failure(event: ModelEvent): Answer {
  const error = event.error as EmailChangeCallFailure;
  if (error.code === 'refused') {
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([name, problem]) => [name, problem === 'wrongPassword' || problem === 'sameAsCurrent' ? 'invalid' : problem]),
    );
    return json({ error: 'invalidRequest', fields }, 400);
  }
  if (error.code === 'network') return offline;
  return refusal(refusalStatus[error.code] ?? 500, error.code === 'linkInvalid' ? 'serverError' : error.code);
}

const field = (page: Page, name: EmailChangeField) => page.getByLabel(labels[name], { exact: true });
const sendButton = (page: Page, name: 'Send the confirmation link' | 'Sending…') => page.getByRole('main').getByRole('button', { name });

/** The form: what stays typed, each field with the problem the model predicts (or none), and the failure above it; side by side. */
async function expectForm(run: PathRun): Promise<void> {
  const { page, after, before } = run;
  const draft = emailChange(after).context.draft;
  const problems = selectFieldProblems(emailChange(after));
  // After a refused submit the focus is on the first field to fix.
  const first = emailChangeFields.find((name) => problems[name] !== undefined);
  const refused = emailChange(after).context.refusals > emailChange(before).context.refusals;
  const failed = selectFailure(emailChange(after));
  const alert = page.getByRole('main').getByRole('alert');
  await Promise.all([
    expect(page.getByTestId('current-email')).toHaveText(userEmail(run)),
    // What was typed stays (the model's text, as the path's user typed it).
    expect(field(page, 'newEmail')).toHaveValue(draft.newEmail === '' ? '' : addressOf(run, draft.newEmail)),
    expect(field(page, 'password')).toHaveValue(draft.password === '' ? '' : demo.password),
    ...emailChangeFields.map((name) => {
      const problem = problems[name];
      return problem
        ? expect(field(page, name)).toHaveAccessibleDescription(problemMessage(name, problem))
        : expect(field(page, name)).not.toHaveAttribute('aria-invalid');
    }),
    first && refused ? expect(field(page, first)).toBeFocused() : null,
    failed ? expect(alert).toHaveText(failureMessages[failed] ?? '') : expect(alert).toHaveCount(0),
  ]);
}

export const emailChangePaths: BrowserPaths = {
  machine: 'email-change',
  start: (run) => openFromMenu(run, userEmail(run), 'Update email', [endpoint]),
  steps: {
    'form.edit': (run, event) => {
      const name = event.field as EmailChangeField;
      const value = event.value as string;
      if (name === 'password') return field(run.page, name).fill(value === '' ? '' : demo.password);
      return field(run.page, name).fill(addressOf(run, value));
    },
    'form.leave': async (run, event) => {
      await field(run.page, event.field as EmailChangeField).focus();
      await run.page.keyboard.press('Tab');
    },
    'form.submit': async (run) => {
      await sendButton(run.page, 'Send the confirmation link').click();
      if (run.after.matches('submitting')) await run.gate.arrived(endpoint);
    },
    // The password typed is the user's own: the real server sends the link.
    'xstate.done.actor.requestEmailChange': (run) => run.gate.answer(endpoint, fromServer),
    'xstate.error.actor.requestEmailChange': (run, event) => run.gate.answer(endpoint, failure(event)),
    'emailChange.startOver': (run) => run.page.getByRole('button', { name: 'Use a different address' }).click(),
  },
  screens: {
    'emailChange.editing': async (run) => {
      await expect(sendButton(run.page, 'Send the confirmation link')).toHaveAttribute('aria-disabled', 'false');
      await Promise.all([expect(run.page.getByRole('heading', { level: 1, name: 'Update email' })).toBeVisible(), expectForm(run)]);
    },
    'emailChange.submitting': async (run) => {
      await expect(sendButton(run.page, 'Sending…')).toHaveAttribute('aria-disabled', 'true');
      await expectForm(run);
    },
    // The page names the address the link went to, and takes the focus so that it is read.
    'emailChange.linkSent': async (run) => {
      const sent = run.page.getByTestId('link-sent');
      await expect(sent).toContainText(`We sent a link to ${addressOf(run, selectSentTo(emailChange(run.after)) ?? '')}.`);
      await Promise.all([
        expect(sent).toContainText(`Until then you keep signing in with ${userEmail(run)}`),
        expect(sent).toBeFocused(),
        expect(field(run.page, 'password')).toHaveCount(0),
      ]);
    },
  },
};
