/** The cookie notice's plan in the browser: local storage arranged (or blocked) before the page opens, and the Accept button. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { BrowserPaths } from './browser-paths';

const storageKey = 'cookieNoticeAccepted';
const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

export const cookieConsentPaths: BrowserPaths = {
  machine: 'cookie-consent',
  // What local storage holds is arranged before the page opens, as the path's first step says; the
  // page reads it as it starts.
  start: async (run) => {
    const first = run.events[0];
    if (first?.type === 'xstate.error.actor.readConsent') {
      // Local storage blocked by the browser's settings: reading it throws, as browsers do then.
      await run.page.addInitScript(() => {
        Storage.prototype.getItem = () => {
          throw new DOMException('Local storage is blocked.', 'SecurityError');
        };
      });
      await run.page.goto('/SUN/about');
      return;
    }
    const accepted = first?.type === 'xstate.done.actor.readConsent' && first.output === true;
    await run.page.addInitScript(
      ([key, value]) => {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      },
      [storageKey, accepted ? 'true' : null] as const,
    );
    await run.page.goto('/SUN/about');
  },
  steps: {
    // Read as the page started (arranged by the start): what shows is checked after the step.
    'xstate.done.actor.readConsent': () => Promise.resolve(),
    'xstate.error.actor.readConsent': () => Promise.resolve(),
    'consent.accept': (run) => notice(run.page).getByRole('button', { name: 'Accept' }).click(),
  },
  screens: {
    // Over before the first paint (the read is synchronous): the page has opened, the notice not decided yet.
    'cookieConsent.unknown': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'About this portal' })).toBeVisible();
    },
    'cookieConsent.shown': async ({ page }) => {
      await expect(notice(page).getByRole('button', { name: 'Accept' })).toBeVisible();
    },
    'cookieConsent.accepted': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'About this portal' })).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe('true');
    },
  },
};
