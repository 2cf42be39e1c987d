/**
 * The activation plan in the browser: the activation link opened (a real one, emailed for the
 * path's own registration, when the path has the server activate the account; else a link with a
 * token nobody was sent, or none at all), the Activate call held until the path says how it ends,
 * and Try again on the failure's page.
 */
import { toActivationOutcome } from '@machines/registration/activation.machine';
import type { ActivationContext } from '@machines/registration/activation.types';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent } from './browser-paths';
import { fromServer, offline, refusal, type Answer } from './call-gate';
import { registerAndReadLink } from './registrants';

const activate = 'userregistration/Activate';

/** A link with a token of the right shape that no email ever carried: the server knows nothing of it. */
const unknownLink = `/SUN/confirmation/activate#token=${'A'.repeat(43)}`;

/** Whether the path's link is a real one (the server is to activate an account with it). */
const activates = (events: readonly ModelEvent[]) => events.some((event) => event.type === 'xstate.done.actor.activate');

function failure(event: ModelEvent, realLink: boolean): Answer {
  const outcome = toActivationOutcome(event.error);
  // The server's own answer for a link it does not know; a real link is refused by arrangement.
  if (outcome === 'linkUnusable') return realLink ? refusal(404, 'notFound') : fromServer;
  return outcome === 'network' ? offline : refusal(500, 'serverError');
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Activate your account' });

export const activationPaths: BrowserPaths = {
  machine: 'activation',
  start: async (run) => {
    const { token } = run.before.context as ActivationContext;
    run.gate.hold(activate);
    if (token === null) {
      await run.page.goto('/SUN/confirmation/activate');
      return;
    }
    const link = activates(run.events) ? new URL(await registerAndReadLink(run, 'activate')) : null;
    await run.page.goto(link ? `${link.pathname}${link.hash}` : unknownLink);
    await run.gate.arrived(activate);
  },
  steps: {
    'xstate.done.actor.activate': (run) => run.gate.answer(activate, fromServer),
    'xstate.error.actor.activate': (run, event) => run.gate.answer(activate, failure(event, activates(run.events))),
    'activation.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(activate);
    },
  },
  screens: {
    'activation.activating': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      // The loading overlay may announce itself beside it, while the call is held.
      await expect(page.getByRole('status').filter({ hasText: 'Activating your account…' })).toBeVisible();
    },
    'activation.failed': async (run) => {
      const { page } = run;
      const { failure: code } = run.after.context as ActivationContext;
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        code === 'network'
          ? 'We could not reach the server. Please check your connection and try again.'
          : 'Something went wrong on our side. Please try again.',
      );
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    // The success screen, which leads to sign-in.
    'activation.activated': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
      await expect(page).toHaveURL(/\/SUN\/success\?/);
    },
    'activation.linkUnusable': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('This activation link cannot be used');
      await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    },
  },
};
