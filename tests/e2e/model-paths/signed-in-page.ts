/** How the member group's paths open their page: signed in on the real login page, then through the menu, with the page's calls held. */
import { demo, expect, signIn, test } from '../fixtures';
import type { PathRun } from './browser-paths';

/** Paths longer than this many steps get the time of a slow test: each step waits for the screen several times, on a shared machine. */
const longPath = 4;

/**
 * Signs the path's user in under SUN, then holds the endpoints and opens the page from the signed-in
 * menu (no page load: the page's machine starts there, and its first held call can be awaited).
 */
export async function openFromMenu(run: PathRun, email: string, link: string, held: readonly string[]): Promise<void> {
  const { page } = run;
  if (run.events.length > longPath) test.slow();
  await page.goto('/SUN/login');
  await signIn(page, email, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoices' })).toBeVisible();
  run.gate.hold(...held);
  await page.getByTestId('menu-signed-in').getByRole('link', { name: link }).click();
}
