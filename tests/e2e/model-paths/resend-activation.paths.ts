/**
 * The "send the link again" plan in the browser: the path's own user, registered but never
 * activated, signs in on the real login page, which offers to send the link again; the
 * ResendActivation call is held until the path says how it ends, and a second press while it is
 * sent is made with the keyboard on the focused button.
 */
import type { ResendContext } from '@machines/registration/activation.types';
import { toResendFailureCode } from '@machines/registration/resend-activation.machine';
import type { Page } from '@playwright/test';
import { demo, expect, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, ModelEvent, PathRun } from './browser-paths';
import { fromServer, offline, refusal, type Answer } from './call-gate';

const resend = 'userregistration/ResendActivation';

function failure(event: ModelEvent): Answer {
  const code = toResendFailureCode(event.error);
  if (code === 'tooManyRequests') return refusal(429, 'tooManyRequests');
  return code === 'network' ? offline : refusal(500, 'serverError');
}

const failures = {
  tooManyRequests: 'We have sent several links already. Please wait a few minutes before asking again.',
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

/** The address signing in was tried with: the offer sends the link there. */
const waitingEmail = (run: PathRun) => modelPathAccounts.waitingUser(run.number).userEmail;
const button = (page: Page) => page.getByRole('button', { name: /^(Send the link again|Sending…)$/ });
/** The offer's own status line: the outcome of the last press. */
const outcome = (page: Page) => page.locator('.notice').getByRole('status');

/** The offer, where signing in said the account waits for its activation. */
async function expectOffer(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveText('Your account is not activated yet.');
  await expect(page.getByText('Open the link in the email we sent when you registered.')).toBeVisible();
}

export const resendActivationPaths: BrowserPaths = {
  machine: 'resend-activation',
  start: async (run) => {
    const { page } = run;
    run.gate.hold(resend);
    await page.goto('/SUN/login');
    await signIn(page, waitingEmail(run), demo.password);
  },
  steps: {
    // Pressed by keyboard: the button is never disabled, and a press while sending does nothing.
    'activation.resend': async (run) => {
      await button(run.page).press('Enter');
      if (!run.before.matches('sending')) await run.gate.arrived(resend);
    },
    'xstate.done.actor.resendActivation': (run) => run.gate.answer(resend, fromServer),
    'xstate.error.actor.resendActivation': (run, event) => run.gate.answer(resend, failure(event)),
  },
  screens: {
    'resendActivation.idle': async ({ page }) => {
      await expectOffer(page);
      await expect(button(page)).toHaveText('Send the link again');
      await expect(outcome(page)).toHaveText('');
    },
    'resendActivation.sending': async ({ page }) => {
      await expectOffer(page);
      await expect(button(page)).toHaveText('Sending…');
      await expect(button(page)).toHaveAttribute('aria-disabled', 'true');
    },
    'resendActivation.sent': async (run) => {
      const { page } = run;
      await expectOffer(page);
      await expect(outcome(page)).toHaveText(`A new link is on its way to ${waitingEmail(run)}. The earlier link no longer works.`);
      await expect(button(page)).toHaveText('Send the link again');
    },
    'resendActivation.failed': async (run) => {
      const { page } = run;
      const { failure: code } = run.after.context as ResendContext;
      await expectOffer(page);
      await expect(outcome(page)).toHaveText(failures[code ?? 'serverError']);
      await expect(button(page)).toHaveText('Send the link again');
    },
  },
};
