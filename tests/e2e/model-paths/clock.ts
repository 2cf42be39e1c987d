/**
 * The page's clock for model paths. It runs as real time does (React and the router need their
 * short timers), and a path's "time passes" step moves it on at once: the model's delays are
 * seconds long, far more than the steps between them take.
 */
import type { Page } from '@playwright/test';

/** Installs the page's fake clock (call before opening the page). */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** Lets this much of the page's time pass at once, firing the timers due in it. */
export async function runClock(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
}
