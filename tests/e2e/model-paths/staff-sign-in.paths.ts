/**
 * The billing office sign-in plan in the browser: the console's real sign-in page, its calls held
 * and answered as the path says (the password, the code, the passkey's options and answer, then
 * the console's own session and Today), and Chromium's virtual authenticator as the device that
 * holds the passkey.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { staffSignInMachine } from '@machines/console/staff-sign-in.machine';
import { selectShownProblems, selectStep } from '@machines/console/staff-sign-in.selectors';
import type { StaffFieldProblem, StaffSignInFailure, StaffSignInField } from '@machines/console/staff-sign-in.types';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { errorCodeOf, json, refusal } from './call-gate';
import { addVirtualAuthenticator, quietDay } from './console-page';
import { expectField, leaveField } from './password-forms';

type Snapshot = SnapshotFrom<typeof staffSignInMachine>;

const session = 'console/session';
const signIn = 'console/sign-in';
const code = 'console/sign-in/code';
const passkeyOptions = 'console/sign-in/passkey-options';
const passkey = 'console/sign-in/passkey';
const today = 'console/today';

const labels: Record<StaffSignInField, string> = {
  clientCode: 'Lab code',
  email: 'Email',
  password: 'Password',
  code: 'Code from your authenticator app, or a recovery code',
};
const field = (page: Page, name: StaffSignInField) => page.getByLabel(labels[name], { exact: true });

const invalidCharacters = 'This holds characters that cannot be used, such as tabs or control characters. Type it again.';
const fieldMessages: Record<StaffSignInField, Record<StaffFieldProblem, string>> = {
  clientCode: { required: "Enter your lab's code.", invalid: "A lab's code is 2 to 4 letters, such as SUN.", invalidCharacters },
  email: { required: 'Enter your email.', invalid: 'Enter an email address, such as name@lab.example.', invalidCharacters },
  password: { required: 'Enter your password.', invalid: 'Enter your password.', invalidCharacters },
  code: {
    required: 'Enter the code from your app, or a recovery code.',
    invalid: 'A code from the app is 6 digits; a recovery code is 8 letters and digits, such as ABCD-EFGH.',
    invalidCharacters,
  },
};

const failureMessages: Record<StaffSignInFailure, string> = {
  invalidCredentials: 'The email or password is not right.',
  invalidCode: 'That code is not right, or it was used already.',
  tooManyRequests: 'Too many tries.',
  expired: 'Your sign-in took too long and has ended.',
  passkeyFailed: 'The passkey did not answer',
  network: 'We could not reach the portal.',
  serverError: 'Something went wrong on our side.',
};

const signedInSession = { stage: 'signedIn', email: 'office.admin@sunriselabs.example', role: 'officeAdmin', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 };

/** How a step's failure reaches the page: fields refused as typed (400 with them), a sign-in that ran out, or a wrong code or password. */
function failureAnswer(event: ModelEvent) {
  const code = errorCodeOf(event.error);
  if (code === 'refused') return json({ error: 'invalidRequest', fields: (event.error as { fields?: object }).fields ?? {} }, 400);
  return code === 'expired' ? refusal(401, 'notSignedIn') : refusal(401, 'invalidCredentials');
}

/** After a refusal by the server, the focus is on the first field it refused. */
async function expectFocusAfterServerRefusal(run: PathRun, fields: readonly StaffSignInField[]): Promise<void> {
  const { context } = run.after as Snapshot;
  if (context.refusals <= (run.before as Snapshot).context.refusals) return;
  const first = fields.find((name) => context.serverProblems[name] !== undefined);
  if (first !== undefined) await expect(field(run.page, first)).toBeFocused();
}

/** A device with a passkey for this site: a virtual authenticator holding a discoverable credential. */
async function addPasskeyDevice(run: PathRun): Promise<void> {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(run);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: randomBytes(16).toString('base64'),
      isResidentCredential: true,
      rpId: new URL(run.page.url()).hostname,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      userHandle: Buffer.from('staff-1').toString('base64'),
      signCount: 0,
    },
  });
}

export const staffSignInPaths: BrowserPaths = {
  machine: 'staff-sign-in',
  start: async (run) => {
    run.gate.hold(session, signIn, code, passkeyOptions, passkey, today);
    const { clientFromAddress, factors } = (run.after as Snapshot).context;
    await run.page.goto(clientFromAddress ? '/SUN/office/' : '/office/');
    await addPasskeyDevice(run);
    const owed = factors.passkey || factors.authenticatorApp;
    await run.gate.answer(session, json(owed ? { stage: 'secondFactor', factors } : { stage: 'none' }));
  },
  steps: {
    'form.edit': (run, event) => field(run.page, event.field as StaffSignInField).fill(String(event.value)),
    'form.leave': (run, event) => leaveField(run.page, field(run.page, event.field as StaffSignInField)),
    'form.submit': async (run) => {
      const onPassword = selectStep(run.before as Snapshot) === 'password';
      await run.page.getByRole('button', { name: onPassword ? 'Continue' : 'Sign in' }).click();
      if (run.after.matches('checkingPassword')) await run.gate.arrived(signIn);
      if (run.after.matches('checkingCode')) await run.gate.arrived(code);
    },
    'passkey.use': async (run) => {
      // Without a passkey set up, the page offers none: nothing to choose, and nothing changes.
      if (!(run.before as Snapshot).context.factors.passkey) {
        await expect(run.page.getByRole('button', { name: 'Use my passkey' })).toHaveCount(0);
        return;
      }
      await run.page.getByRole('button', { name: 'Use my passkey' }).click();
      await run.gate.arrived(passkeyOptions);
    },
    'signIn.restart': (run) => run.page.getByRole('button', { name: 'Start again with another account' }).click(),
    'xstate.done.actor.checkPassword': (run, event) => {
      const output = event.output as { next: string; factors?: unknown };
      return run.gate.answer(signIn, json(output.next === 'enrol' ? { stage: 'enrol', email: 'office.admin@sunriselabs.example' } : { stage: 'secondFactor', factors: output.factors }));
    },
    'xstate.error.actor.checkPassword': (run, event) => run.gate.answer(signIn, failureAnswer(event)),
    'xstate.done.actor.checkCode': (run) => run.gate.answer(code, json(signedInSession)),
    'xstate.error.actor.checkCode': (run, event) => run.gate.answer(code, failureAnswer(event)),
    'xstate.done.actor.usePasskey': async (run) => {
      const rpId = new URL(run.page.url()).hostname;
      await run.gate.answer(passkeyOptions, json({ challenge: randomBytes(32).toString('base64url'), rpId, allowCredentials: [], userVerification: 'preferred', timeout: 60000 }));
      await run.gate.answer(passkey, json(signedInSession));
    },
    'xstate.error.actor.usePasskey': (run, event) => run.gate.answer(passkeyOptions, failureAnswer(event)),
  },
  screens: {
    // The email and password (and the lab's code where the address names none), the problems shown, the failure above.
    'staffSignIn.password': async (run) => {
      const { page } = run;
      const snapshot = run.after as Snapshot;
      const { context } = snapshot;
      await expect(page.getByRole('heading', { level: 1, name: 'Billing office sign-in' })).toBeVisible();
      await expect(field(page, 'clientCode')).toHaveCount(context.clientFromAddress ? 0 : 1);
      const shown = selectShownProblems(snapshot);
      const fields = context.clientFromAddress ? (['email', 'password'] as const) : (['clientCode', 'email', 'password'] as const);
      for (const name of fields) {
        const problem = shown[name];
        await expectField(field(page, name), context.draft[name], problem ? fieldMessages[name][problem] : null);
      }
      await expectFocusAfterServerRefusal(run, fields);
      await expectFailureShown(page, context.failure);
    },
    'staffSignIn.checkingPassword': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    },
    // The code (and the passkey, where one is set up), the problem shown, the failure above.
    'staffSignIn.secondFactor': async (run) => {
      const { page } = run;
      const snapshot = run.after as Snapshot;
      const { context } = snapshot;
      await expect(page.getByRole('heading', { level: 2, name: 'Second step' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use my passkey' })).toHaveCount(context.factors.passkey ? 1 : 0);
      const problem = selectShownProblems(snapshot).code;
      await expectField(field(page, 'code'), context.draft.code, problem ? fieldMessages.code[problem] : null);
      await expectFocusAfterServerRefusal(run, ['code']);
      await expectFailureShown(page, context.failure);
    },
    'staffSignIn.checkingCode': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();
    },
    'staffSignIn.usingPasskey': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Waiting for your passkey…' })).toBeVisible();
    },
    // The page that sets up a second factor opens.
    'staffSignIn.enrolling': async ({ page, gate }) => {
      gate.release(session);
      await expect(page).toHaveURL(/\/office\/welcome$/);
    },
    // The console opens at Today with the session the second factor answered (the server is not
    // asked for it again: only the page's first load asked), and the day as the server would answer it.
    'staffSignIn.signedIn': async ({ page, gate }) => {
      await gate.answer(today, json(quietDay));
      expect(gate.calls(session)).toBe(1);
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    },
  },
};

async function expectFailureShown(page: Page, failure: StaffSignInFailure | null): Promise<void> {
  if (failure === null) {
    await expect(page.getByRole('alert')).toHaveCount(0);
    return;
  }
  await expect(page.getByRole('alert')).toContainText(failureMessages[failure]);
}
