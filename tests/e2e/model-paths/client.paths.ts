/**
 * The client plan in the browser: a page opened without a client code, then the address with the
 * path's code typed in; the client's lookup, address and links held until the path says how they
 * end; the billing group in use coming with a sign-in (the session's client, as the server says it);
 * and the header's title leading home without an unknown code.
 */
import type { ClientContext } from '@machines/client/client.types';
import type { Page } from '@playwright/test';
import { demo, expect, test } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import { ahead, NoWayInTheProduct, type BrowserPaths, type ModelEvent, type PathRun } from './browser-paths';
import { failureAnswer, json, offline, type Answer } from './call-gate';

const endpoints = {
  lookUp: 'Client/GetClient',
  url: 'Client/GetClientUrl',
  links: 'ClientLinks/GetClientLinks',
  sessionClient: 'User/GetClientCode',
} as const;

/** The HTTP status the API answers each lookup refusal with. */
const refusalStatus: Record<string, number> = { notFound: 404, serverError: 500 };

const contextOf = (run: PathRun) => run.after.context as ClientContext;
const failure = (event: ModelEvent): Answer => failureAnswer(event.error, refusalStatus);

const productTitle = (page: Page) => page.locator('.site-header').getByRole('link', { name: 'Patient Billing Portal' });
const notice = (page: Page) => page.locator('.site-header').getByRole('status');
const overlay = (page: Page) => page.getByTestId('loading-overlay');
const signedInMenu = (page: Page) => page.getByTestId('menu-signed-in');

/** The default look: the default theme and the product's title in the header. */
async function defaultLook(page: Page): Promise<void> {
  await expect(productTitle(page)).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/(^|\s)theme-default(\s|$)/);
}

/** Waits for the page's next lookup of the client (held), and settles the one it gave up on. */
async function lookedUpAgain(run: PathRun, lookupsBefore: number): Promise<void> {
  await expect.poll(() => run.gate.calls(endpoints.lookUp), { message: 'the client is looked up again' }).toBeGreaterThan(lookupsBefore);
  await run.gate.arrived(endpoints.lookUp);
  if (run.gate.waiting(endpoints.lookUp) > 1) await run.gate.abandon(endpoints.lookUp);
}

export const clientPaths: BrowserPaths = {
  machine: 'client',
  // A page without a client code: the sign-in form, in case the path's person signs in there.
  start: async (run) => {
    // A path that also signs in opens three pages: on a busy machine that takes longer than most paths.
    test.slow(run.events.some((event) => event.type === 'client.setBillingGroup' && run.events.indexOf(event) > 0), 'opens three pages and signs in');
    run.gate.hold(endpoints.lookUp, endpoints.url, endpoints.links, endpoints.sessionClient);
    await run.page.goto('/login');
    await expect(run.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  },
  steps: {
    'client.select': async (run, event) => {
      const code = String(event.code);
      const { page } = run;
      if (run.before.matches('none')) {
        // The address typed with the client's code: the sign-in form when the path's person signs in next, else Contact us.
        const signsIn = ahead(run).some((next) => next.type === 'client.setBillingGroup');
        await page.goto(`/${code}/${signsIn ? 'login' : 'contact'}`);
        await run.gate.arrived(endpoints.lookUp);
        return;
      }
      if (!run.before.matches('selected') || !run.after.matches('selected')) {
        throw new NoWayInTheProduct('from this screen the portal links only to pages under the same client code');
      }
      // Another page under the same code, through the portal's own link: nothing is looked up again.
      const lookupsBefore = run.gate.calls(endpoints.lookUp);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
      expect(run.gate.calls(endpoints.lookUp)).toBe(lookupsBefore);
    },
    // The header's title under an unknown code leads to the portal's home without it.
    'client.clear': async (run) => {
      await productTitle(run.page).click();
      await expect(run.page).toHaveURL(/\/$/);
      await expect(run.page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    // The person signs in; the server says the session's client has this billing group.
    'client.setBillingGroup': async (run, event) => {
      const { page } = run;
      const lookupsBefore = run.gate.calls(endpoints.lookUp);
      const user = modelPathAccounts.clientUser(run.number);
      // The sign-in's call for the session's client is held until the path says its billing group
      // (an earlier sign-in of the path let later calls through).
      run.gate.hold(endpoints.sessionClient);
      if ((await signedInMenu(page).count()) > 0) {
        // Signed in already: the session's billing group reaches the client again with the next sign-in.
        await signedInMenu(page).getByRole('button', { name: 'Sign out' }).click();
        // Signing out ends on the home page, which says so: a link followed before then is
        // overtaken by that move.
        await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
        await page.getByTestId('menu-signed-out').getByRole('link', { name: 'Roster login' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      }
      // By keyboard: a held lookup's overlay may cover the form.
      await page.getByLabel('Email').fill(user.userEmail);
      await page.getByLabel('Password').fill(demo.password);
      await page.getByLabel('Password').press('Enter');
      await run.gate.answer(endpoints.sessionClient, json({ clientCode: user.clientCode, billingGroup: event.billingGroup }));
      run.gate.release(endpoints.sessionClient);
      await expect(signedInMenu(page)).toBeVisible();
      if (run.after.matches('resolving')) await lookedUpAgain(run, lookupsBefore);
    },
    'xstate.done.actor.lookUpClient': (run, event) => run.gate.answer(endpoints.lookUp, json(event.output)),
    'xstate.error.actor.lookUpClient': (run, event) => run.gate.answer(endpoints.lookUp, failure(event)),
    'xstate.done.actor.fetchClientUrl': (run, event) => run.gate.answer(endpoints.url, json({ url: event.output })),
    'xstate.error.actor.fetchClientUrl': (run) => run.gate.answer(endpoints.url, offline),
    'xstate.done.actor.fetchClientLinks': (run, event) => run.gate.answer(endpoints.links, json({ externalCCLink: event.output })),
    'xstate.error.actor.fetchClientLinks': (run) => run.gate.answer(endpoints.links, offline),
  },
  screens: {
    'client.none': async ({ page }) => {
      await defaultLook(page);
      await expect(notice(page)).toHaveCount(0);
    },
    // The client is being looked up: the default look under the loading overlay.
    'client.resolving': async ({ page }) => {
      await defaultLook(page);
      await expect(overlay(page)).toBeVisible();
    },
    // The client's logo and name in the header and its theme on the page; where the page shows
    // them, the link to its site and its card page follow what arrived.
    'client.selected': async (run) => {
      const { page } = run;
      const { client, clientUrl, externalCCLink } = contextOf(run);
      if (!client) throw new Error('The model selected no client');
      await expect(page.locator('.site-header').getByRole('img', { name: client.name })).toBeVisible();
      await expect(page.locator('body')).toHaveClass(new RegExp(`(^|\\s)theme-${client.theme}(\\s|$)`));
      if (page.url().endsWith('/contact')) {
        const siteLink = page.getByRole('link', { name: `Visit the ${client.name} website` });
        if (clientUrl) await expect(siteLink).toHaveAttribute('href', clientUrl);
        else await expect(siteLink).toHaveCount(0);
      }
      if ((await signedInMenu(page).count()) > 0 && run.gate.waiting(endpoints.links) === 0) {
        const cardPage = signedInMenu(page).getByRole('link', { name: 'Online payment' });
        await expect(cardPage).toHaveAttribute('href', externalCCLink || `/${client.code}/payment/online`);
      }
    },
    'client.unknown': async (run) => {
      const { page } = run;
      await defaultLook(page);
      await expect(notice(page)).toHaveText(`We do not recognise the client code ${contextOf(run).requested?.code.toUpperCase() ?? ''}.`);
    },
  },
};
