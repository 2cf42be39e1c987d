/**
 * The loading overlay's plan in the browser. A signed-in payer sits on a quiet page; each "a call
 * starts" is one call a person or the page starts, held until its "a call ends": the expiry poll
 * when the page's clock passes its interval, then a language chosen in the header (saved on the
 * server), then signing out with the keyboard (the overlay covers the mouse's way). The time-out
 * is the page's clock passing the loading time-out.
 */
import { loadingDelays } from '@machines/loading/loading.machine';
import { sessionDelays } from '@machines/session/session.machine';
import type { Page } from '@playwright/test';
import { chooseLanguage, demo, expect, signIn } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import type { BrowserPaths, PathRun } from './browser-paths';
import { fromServer, json, type Answer } from './call-gate';
import { installClock, runClock } from './clock';

/** The calls that start, in this order, and how each ends. */
const sources: { endpoint: string; start: (run: PathRun) => Promise<void>; end: Answer }[] = [
  {
    endpoint: 'user/GetShouldDisplayAuthenticationMessage',
    start: (run) => runClock(run.page, sessionDelays.pollInterval),
    end: json({ display: false, secondsLeft: 900 }),
  },
  {
    endpoint: 'user/UpdateTranslationLanguage',
    start: (run) => chooseLanguage(run.page, 'es-ES'),
    end: fromServer,
  },
  {
    endpoint: 'user/Logout',
    // In Spanish by now, when the language was chosen first.
    start: (run) => run.page.getByTestId('menu-signed-in').getByRole('button', { name: /^(Sign out|Cerrar sesión)$/ }).press('Enter'),
    end: fromServer,
  },
];

/** Which sources each path has started and ended. */
const progress = new WeakMap<Page, { started: number; ended: number }>();

function progressOf(run: PathRun): { started: number; ended: number } {
  const known = progress.get(run.page);
  if (!known) throw new Error('The loading path did not start');
  return known;
}

const overlay = (page: Page) => page.getByTestId('loading-overlay');

export const loadingPaths: BrowserPaths = {
  machine: 'loading',
  start: async (run) => {
    const { page } = run;
    const user = modelPathAccounts.loadingUser(run.number);
    await page.goto('/SUN/login');
    await signIn(page, user.userEmail, demo.password);
    await expect(page.getByTestId('menu-signed-in')).toBeVisible();
    await installClock(page);
    await page.goto('/SUN/about');
    await expect(page.getByTestId('menu-signed-in')).toBeVisible();
    // The page's own start-up calls have all ended: from here on, every call is one a step starts.
    await page.waitForLoadState('networkidle');
    run.gate.hold(...sources.map(({ endpoint }) => endpoint));
    progress.set(page, { started: 0, ended: 0 });
  },
  steps: {
    'loading.start': async (run) => {
      const known = progressOf(run);
      const source = sources[known.started];
      if (!source) throw new Error(`No more ways to start a call on this page (${String(sources.length)} are known)`);
      await source.start(run);
      await run.gate.arrived(source.endpoint);
      known.started++;
    },
    'loading.end': async (run) => {
      const known = progressOf(run);
      const source = sources[known.ended];
      if (!source || known.ended >= known.started) throw new Error('No call in flight to end');
      await run.gate.answer(source.endpoint, source.end);
      known.ended++;
    },
    'xstate.after.loadingTimeout.loading.loading': (run) => runClock(run.page, loadingDelays.loadingTimeout),
  },
  screens: {
    'loading.idle': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(overlay(page)).toHaveCount(0);
    },
    'loading.loading': async ({ page }) => {
      await expect(overlay(page)).toBeVisible();
      await expect(overlay(page).getByRole('status')).toHaveText(/^(Loading…|Cargando…)$/);
    },
    'loading.timedOut': async ({ page }) => {
      const heading = page.getByRole('heading', { level: 1, name: /^(The page took too long to load|La página ha tardado demasiado en cargarse)$/ });
      await expect(heading).toBeVisible();
      // The new screen's heading takes the focus, a moment after it shows: a key pressed before
      // then would go to the heading, not to what the next step presses.
      await expect(heading).toBeFocused();
      await expect(overlay(page)).toHaveCount(0);
    },
  },
};
