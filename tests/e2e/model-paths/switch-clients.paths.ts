/**
 * The switch clients plan in the browser: a user of the path's own with accounts at SUN and DLT 52
 * (as pat.doe) opens Switch provider from the menu; the list and the switch are held until the
 * path says how they end. The list, the current provider, the failure and the switch under way
 * are read off the screen; a switch the server made lands on DLT's invoices in its look.
 */
import type { SwitchClientsMachine } from '@machines/switch-clients/switch-clients.machine';
import { selectFailure } from '@machines/switch-clients/switch-clients.selectors';
import type { ClientChoice, SwitchClientsFailure } from '@machines/switch-clients/switch-clients.types';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { expect } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import { NoWayInTheProduct, type BrowserPaths, type ModelEvent, type PathRun } from './browser-paths';
import { fromServer, offline, refusal, type Answer } from './call-gate';
import { openFromMenu } from './signed-in-page';

/** The model's snapshot, as the switch clients machine's selectors read it. */
const switchClients = (snapshot: AnyMachineSnapshot) => snapshot as SnapshotFrom<SwitchClientsMachine>;

const endpoints = { load: 'User/GetUserClients', switch: 'User/SwitchClient' } as const;

/** The user's clients as the page names them (the model's SUN and DLT 52). */
const clients = {
  sun: { code: 'SUN', billingGroup: null, name: 'Sunrise Laboratories' },
  delta: { code: 'DLT', billingGroup: '52', name: 'Delta Diagnostics' },
} as const;

const switcher = (run: PathRun) => modelPathAccounts.switcher(run.number);

const failureMessages: Record<SwitchClientsFailure, string> = {
  refused: 'That provider is not one of yours, so we cannot show its bills. Please choose from the list.',
  notSignedIn: 'Your session has ended. Please sign in again.',
  network: 'We could not reach the server. Please check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
};

/** A failure as the API gives it: a refusal is the server's 403 for a client that is not the user's. */
function failure(event: ModelEvent): Answer {
  const error = event.error as { code?: string };
  if (error.code === 'network') return offline;
  if (error.code === 'refused') return refusal(403, 'forbidden');
  if (error.code === 'notSignedIn') return refusal(401, 'notSignedIn');
  return refusal(500, 'serverError');
}

const choice = (page: Page, code: string) => page.locator(`li.client-choice[data-client="${code}"]`);
const switchButton = (page: Page) => choice(page, clients.delta.code).getByRole('button', { name: `Switch to ${clients.delta.name}` });

/** The list, side by side: SUN marked current (nothing to press), DLT 52 with its account and its button. */
async function expectList(run: PathRun, busy: boolean): Promise<void> {
  const { page } = run;
  await expect(switchButton(page)).toHaveAttribute('aria-disabled', String(busy));
  await Promise.all([
    expect(page.getByRole('heading', { level: 1, name: 'Switch provider' })).toBeVisible(),
    expect(page.getByRole('list', { name: 'Your providers' }).getByRole('listitem')).toHaveCount(2),
    expect(choice(page, clients.sun.code)).toHaveAttribute('aria-current', 'true'),
    expect(choice(page, clients.sun.code)).toContainText('Current provider'),
    expect(choice(page, clients.sun.code).getByRole('button')).toHaveCount(0),
    expect(choice(page, clients.delta.code)).toContainText(switcher(run).alsoAt.accountNumber),
  ]);
}

export const switchClientsPaths: BrowserPaths = {
  machine: 'switch-clients',
  start: async (run) => {
    await openFromMenu(run, switcher(run).userEmail, 'Switch provider', Object.values(endpoints));
    await run.gate.arrived(endpoints.load);
  },
  steps: {
    // The user's own clients, as the real server lists them: SUN (current) and DLT 52.
    'xstate.done.actor.loadClients': (run) => run.gate.answer(endpoints.load, fromServer),
    'xstate.error.actor.loadClients': (run, event) => run.gate.answer(endpoints.load, failure(event)),
    'switchClients.retry': async (run) => {
      await run.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      await run.gate.arrived(endpoints.load);
    },
    'switchClients.choose': async (run, event) => {
      const { code, billingGroup } = event as ModelEvent & ClientChoice;
      if (code !== clients.delta.code || billingGroup !== clients.delta.billingGroup) {
        // The page offers a button only for the user's other clients: the current one is marked, and
        // clients without an account are not listed; so choosing them (isOtherClient: no) is nobody's act.
        throw new NoWayInTheProduct(
          `choosing ${code}${billingGroup === null ? '' : ` ${billingGroup}`}: the page has a button only for the user's other clients`,
        );
      }
      await switchButton(run.page).click();
      await run.gate.arrived(endpoints.switch);
    },
    // The real server moves the session, as the user has an account at DLT 52.
    'xstate.done.actor.switchClient': (run) => run.gate.answer(endpoints.switch, fromServer),
    'xstate.error.actor.switchClient': (run, event) => run.gate.answer(endpoints.switch, failure(event)),
  },
  screens: {
    'switchClients.loading': async ({ page }) => {
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading your providers…');
      await Promise.all([
        expect(page.getByRole('heading', { level: 1, name: 'Switch provider' })).toBeVisible(),
        expect(page.locator('li.client-choice')).toHaveCount(0),
      ]);
    },
    'switchClients.loadFailed': async ({ page }) => {
      const alert = page.getByRole('alert').filter({ hasText: 'We could not load your providers. Please try again.' });
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.locator('li.client-choice')).toHaveCount(0);
    },
    'switchClients.choosing': async (run) => {
      await expectList(run, false);
      const failed = selectFailure(switchClients(run.after));
      const alert = run.page.getByRole('main').getByRole('alert');
      await Promise.all([
        failed ? expect(alert).toHaveText(failureMessages[failed]) : expect(alert).toHaveCount(0),
        // Still under SUN: its look stays.
        expect(run.page.locator('body')).toHaveClass(/\btheme-sunrise\b/),
      ]);
    },
    'switchClients.switching': async (run) => {
      await expect(run.page.getByRole('main').getByRole('status')).toHaveText(`Opening the bills from ${clients.delta.name}…`);
      await expectList(run, true);
    },
    // Landed: DLT's invoices, in its look, with the user's account there.
    'switchClients.switched': async (run) => {
      const { page } = run;
      await expect(page).toHaveURL(/\/DLT\/invoices$/);
      await Promise.all([
        expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible(),
        expect(page.locator('body')).toHaveClass(/\btheme-delta\b/),
        expect(page.locator('.site-header').getByRole('img', { name: clients.delta.name })).toBeVisible(),
        expect(page.getByTestId('account-number')).toHaveText(switcher(run).alsoAt.accountNumber),
      ]);
    },
  },
};
