/**
 * The billing office sign-in set-up plan in the browser: the console's set-up page (`welcome`),
 * opened from an invitation link, signed in with a password only, or with neither; each step's
 * call held and answered as the path says, and Chromium's virtual authenticator as the device that
 * makes the passkey.
 */
import { randomBytes } from 'node:crypto';
import type { staffEnrolmentMachine } from '@machines/console/staff-enrolment.machine';
import { selectEnrolmentProblems } from '@machines/console/staff-enrolment.selectors';
import type { StaffEnrolmentFailure, StaffEnrolmentField, StaffEnrolmentProblem } from '@machines/console/staff-enrolment.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { staffEnrolmentProblems } from '@/console/staff-enrolment-rules';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { errorCodeOf, json, offline, refusal, type Answer } from './call-gate';
import { addVirtualAuthenticator, ownEmail, quietDay, signedInAs } from './console-page';
import { expectField, leaveField, passwordFieldMessage } from './password-forms';

type Snapshot = SnapshotFrom<typeof staffEnrolmentMachine>;

const session = 'console/session';
const today = 'console/today';
const invitation = 'console/invitation';
const startApp = 'console/enrol/authenticator';
const confirmApp = 'console/enrol/authenticator/confirm';
const passkeyOptions = 'console/enrol/passkey-options';
const passkey = 'console/enrol/passkey';

const labels: Record<StaffEnrolmentField, string> = { password: 'New password', passwordConfirmation: 'Type it again', code: 'The 6-digit code your app shows' };
const field = (page: Page, name: StaffEnrolmentField) => page.getByLabel(labels[name], { exact: true });
const snapshotOf = (run: PathRun) => run.after as Snapshot;

const failureMessages: Record<StaffEnrolmentFailure, string> = {
  linkInvalid: 'This invitation link does not work any more: it was used, or it expired. Ask an office admin to invite you again.',
  invalidCode: 'That code is not right, or it was used already. Type the code your app shows now, or an unused recovery code.',
  passkeyFailed: 'The passkey did not answer: it was cancelled, or there is none for this account on this device. Try again, or use a code.',
  expired: 'Your sign-in took too long and has ended. Please sign in again.',
  tooManyRequests: 'Too many tries. Wait a few minutes, then try again.',
  network: 'We could not reach the portal. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Nothing was lost: try again in a moment.',
};

function fieldMessage(name: StaffEnrolmentField, problem: StaffEnrolmentProblem): string {
  if (name === 'code') return problem === 'required' ? 'Enter the 6-digit code your app shows.' : 'The code is the 6 digits your app shows.';
  return passwordFieldMessage(name === 'password' ? 'new' : 'confirmation', problem);
}

/** A step's failure as the page meets it: a wrong code (401 invalidCredentials), a set-up that ran out (401 notSignedIn), the invitation gone (410), the network, the server. */
function failureAnswer(event: ModelEvent): Answer {
  const code = errorCodeOf(event.error) ?? 'network';
  if (code === 'refused') return json({ error: 'invalidRequest', fields: (event.error as { fields?: object }).fields ?? {} }, 400);
  if (code === 'network') return offline;
  if (code === 'expired') return refusal(401, 'notSignedIn');
  if (code === 'invalidCode' || code === 'passkeyFailed') return refusal(401, 'invalidCredentials');
  if (code === 'linkInvalid') return refusal(410, 'linkInvalid');
  if (code === 'tooManyRequests') return refusal(429, 'tooManyRequests');
  return refusal(500, 'serverError');
}


export const staffEnrolmentPaths: BrowserPaths = {
  machine: 'staff-enrolment',
  start: async (run) => {
    run.gate.hold(session, today, invitation, startApp, confirmApp, passkeyOptions, passkey);
    const { token, enrolling } = snapshotOf(run).context;
    await run.page.goto(token === null ? '/SUN/office/welcome' : `/SUN/office/welcome#token=${token}`);
    // A device that makes passkeys for this site.
    await addVirtualAuthenticator(run);
    // The console's route asks where the staff session stands as the page opens.
    await run.gate.answer(session, json(enrolling ? { stage: 'enrol', email: ownEmail } : { stage: 'none' }));
  },
  steps: {
    'form.edit': (run, event) => field(run.page, event.field as StaffEnrolmentField).fill(String(event.value)),
    'form.leave': (run, event) => leaveField(run.page, field(run.page, event.field as StaffEnrolmentField)),
    'form.submit': async (run) => {
      const onPassword = run.before.matches('password');
      await run.page.getByRole('button', { name: onPassword ? 'Set my password' : 'Confirm', exact: true }).click();
      if (run.after.matches('settingPassword')) await run.gate.arrived(invitation);
      if (run.after.matches('confirmingApp')) await run.gate.arrived(confirmApp);
    },
    'enrol.chooseApp': async (run) => {
      await run.page.getByRole('button', { name: 'Use an authenticator app' }).click();
      await run.gate.arrived(startApp);
    },
    'enrol.choosePasskey': async (run) => {
      await run.page.getByRole('button', { name: 'Use a passkey (this device or a security key)' }).click();
      await run.gate.arrived(passkeyOptions);
    },
    'enrol.back': (run) => run.page.getByRole('button', { name: 'Use a passkey instead' }).click(),
    'enrol.done': (run) => run.page.getByRole('button', { name: 'I have kept them: open the console' }).click(),
    'xstate.done.actor.acceptInvitation': (run) => run.gate.answer(invitation, json({ stage: 'enrol', email: ownEmail })),
    'xstate.error.actor.acceptInvitation': (run, event) => run.gate.answer(invitation, failureAnswer(event)),
    'xstate.done.actor.startApp': (run, event) => run.gate.answer(startApp, json(event.output)),
    'xstate.error.actor.startApp': (run, event) => run.gate.answer(startApp, failureAnswer(event)),
    'xstate.done.actor.confirmApp': (run, event) => run.gate.answer(confirmApp, json({ recoveryCodes: event.output })),
    'xstate.error.actor.confirmApp': (run, event) => run.gate.answer(confirmApp, failureAnswer(event)),
    // The registration options as the server's library makes them; the device makes the key; the server keeps it.
    'xstate.done.actor.registerPasskey': async (run, event) => {
      const rpId = new URL(run.page.url()).hostname;
      await run.gate.answer(
        passkeyOptions,
        json({
          challenge: randomBytes(32).toString('base64url'),
          rp: { name: 'Sunrise Laboratories billing office', id: rpId },
          user: { id: randomBytes(16).toString('base64url'), name: ownEmail, displayName: ownEmail },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          timeout: 60000,
          attestation: 'none',
          excludeCredentials: [],
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        }),
      );
      await run.gate.answer(passkey, json({ recoveryCodes: event.output }));
    },
    'xstate.error.actor.registerPasskey': (run, event) => run.gate.answer(passkeyOptions, failureAnswer(event)),
  },
  screens: {
    // The new password typed twice with the problems shown, the failure above.
    'staffEnrolment.password': async (run) => {
      const { page } = run;
      const snapshot = snapshotOf(run);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the billing office' })).toBeVisible();
      const shown = selectEnrolmentProblems(snapshot, staffEnrolmentProblems(snapshot.context.draft));
      for (const name of ['password', 'passwordConfirmation'] as const) {
        const problem = shown[name];
        await expectField(field(page, name), snapshot.context.draft[name], problem ? fieldMessage(name, problem) : null);
      }
      await expectFailureShown(page, snapshot.context.failure);
    },
    'staffEnrolment.settingPassword': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The two second steps to choose from, the failure above.
    'staffEnrolment.choosing': async (run) => {
      const { page } = run;
      await expect(page.getByRole('heading', { level: 1, name: 'Add a second step to your sign-in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use a passkey (this device or a security key)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use an authenticator app' })).not.toHaveAttribute('aria-disabled', 'true');
      await expectFailureShown(page, snapshotOf(run).context.failure);
    },
    'staffEnrolment.registeringPasskey': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Waiting for your device…' })).toBeVisible();
    },
    'staffEnrolment.startingApp': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Add a second step to your sign-in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use an authenticator app' })).toHaveAttribute('aria-disabled', 'true');
    },
    // The app's secret in groups of four, the code with its problem, the failure above.
    'staffEnrolment.appCode': async (run) => {
      const { page } = run;
      const snapshot = snapshotOf(run);
      await expect(page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
      const secret = snapshot.context.setup?.secret ?? '';
      await expect(page.getByTestId('authenticator-secret')).toHaveText(secret.replace(/(.{4})/g, '$1 ').trim());
      await expect(page.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute('href', snapshot.context.setup?.uri ?? '');
      const problem = selectEnrolmentProblems(snapshot, staffEnrolmentProblems(snapshot.context.draft)).code;
      await expectField(field(page, 'code'), snapshot.context.draft.code, problem ? fieldMessage('code', problem) : null);
      await expectFailureShown(page, snapshot.context.failure);
    },
    'staffEnrolment.confirmingApp': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();
    },
    // The ten codes, shown this once.
    'staffEnrolment.recoveryCodes': async (run) => {
      const codes = run.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(run.page.getByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeVisible();
      await expect(codes).toHaveText(snapshotOf(run).context.recoveryCodes);
    },
    // The console opens at Today, its session signed in now (the frame and the set-up page ask again, then the console).
    'staffEnrolment.done': async ({ page, gate }) => {
      await gate.answerAll(session, json(signedInAs('officeAdmin')));
      await gate.answer(today, json(quietDay));
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    },
    'staffEnrolment.linkInvalid': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'This invitation does not work' })).toBeVisible();
      await expect(page.getByText(failureMessages.linkInvalid)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the sign-in' })).toHaveAttribute('href', '/SUN/office/');
    },
    'staffEnrolment.expired': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Please sign in again' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the sign-in' })).toHaveAttribute('href', '/SUN/office/');
    },
  },
};

async function expectFailureShown(page: Page, failure: StaffEnrolmentFailure | null): Promise<void> {
  if (failure === null) await expect(page.getByRole('alert')).toHaveCount(0);
  else await expect(page.getByRole('alert')).toHaveText(failureMessages[failure]);
}
