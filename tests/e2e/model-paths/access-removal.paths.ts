/**
 * The access-removal plan in the browser: the link that a registered user of an account is emailed
 * when someone else registers for it (a real one, for the path's own two registrations, when the
 * path has the server remove the access; else a link with a token nobody was sent, or none at
 * all), the RemoveAccess call held until the path says how it ends, and Try again.
 */
import { toAccessRemovalOutcome } from '@machines/registration/access-removal.machine';
import type { AccessRemovalContext } from '@machines/registration/access-removal.types';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { BrowserPaths, ModelEvent } from './browser-paths';
import { fromServer, offline, refusal, type Answer } from './call-gate';
import { registerTwiceAndReadRemovalLink } from './registrants';

const removeAccess = 'userregistration/RemoveAccess';

/** A link with a token of the right shape that no email ever carried: the server knows nothing of it. */
const unknownLink = `/SUN/confirmation/removeaccess#token=${'A'.repeat(43)}`;

/** Whether the path's link is a real one (the server is to remove an access with it). */
const removes = (events: readonly ModelEvent[]) => events.some((event) => event.type === 'xstate.done.actor.removeAccess');

function failure(event: ModelEvent, realLink: boolean): Answer {
  const outcome = toAccessRemovalOutcome(event.error);
  // The server's own answer for a link it does not know; a real link is refused by arrangement.
  if (outcome === 'linkUnusable') return realLink ? refusal(410, 'linkInvalid') : fromServer;
  return outcome === 'network' ? offline : refusal(500, 'serverError');
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Remove access to your account' });

export const accessRemovalPaths: BrowserPaths = {
  machine: 'access-removal',
  start: async (run) => {
    const { token } = run.before.context as AccessRemovalContext;
    run.gate.hold(removeAccess);
    if (token === null) {
      await run.page.goto('/SUN/confirmation/removeaccess');
      return;
    }
    const link = removes(run.events) ? new URL(await registerTwiceAndReadRemovalLink(run)) : null;
    await run.page.goto(link ? `${link.pathname}${link.hash}` : unknownLink);
    // The token leaves the address bar at once.
    await expect(run.page).toHaveURL(/\/SUN\/confirmation\/removeaccess$/);
  },
  steps: {
    'accessRemoval.confirm': async (run) => {
      await run.page.getByRole('button', { name: 'Remove this access' }).click();
      await run.gate.arrived(removeAccess);
    },
    'xstate.done.actor.removeAccess': (run) => run.gate.answer(removeAccess, fromServer),
    'xstate.error.actor.removeAccess': (run, event) => run.gate.answer(removeAccess, failure(event, removes(run.events))),
    'accessRemoval.retry': async (run) => {
      await run.page.getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(removeAccess);
    },
  },
  screens: {
    'accessRemoval.ready': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove this access' })).toBeVisible();
    },
    'accessRemoval.removing': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Removing the access…' })).toBeVisible();
    },
    'accessRemoval.failed': async (run) => {
      const { page } = run;
      const { failure: code } = run.after.context as AccessRemovalContext;
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(
        code === 'network'
          ? 'We could not reach the server. Please check your connection and try again.'
          : 'Something went wrong on our side. Please try again.',
      );
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'accessRemoval.removed': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'The access is removed.' })).toBeVisible();
    },
    'accessRemoval.linkUnusable': async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('This link cannot be used');
      await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    },
  },
};
