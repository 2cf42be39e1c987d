import { demo, expect, signIn, test } from './fixtures';
import { startInspectDevServer, type InspectDevServer } from './inspect-dev-server';

// `npm run dev:inspect` itself: the Vite dev server in the inspect mode, its API calls passed to
// the end-to-end server. A cold dev server transforms the app on the first visit: a few seconds.
test.describe('watching the live app', () => {
  test.describe.configure({ timeout: 90_000 });
  let dev: InspectDevServer | null = null;
  const devUrl = () => {
    if (dev === null) throw new Error('The inspect dev server has not started');
    return dev.url;
  };
  test.beforeAll(async () => {
    const apiUrl = process.env.E2E_BASE_URL;
    if (!apiUrl) throw new Error('E2E_BASE_URL is not set: the global set-up did not start the server');
    dev = await startInspectDevServer(apiUrl);
  });
  test.afterAll(async () => {
    await dev?.close();
  });

  test("the inspector page highlights the session machine's state, follows it when it changes, and learns it when opened after the app", async ({ page, context }) => {
    const inspector = await context.newPage();
    await inspector.goto(`${devUrl()}/__inspect/`);
    await expect(inspector.getByRole('status')).toHaveText('Waiting for the app: open it in another tab of this browser.');

    await page.goto(`${devUrl()}/SUN/login`);
    const state = (id: string) => inspector.locator(`[id="session:session.${id}"]`);
    await expect(state('anonymous.roleNotChosen')).toHaveAttribute('data-active', '', { timeout: 30_000 });
    await expect(state('anonymous')).toHaveAttribute('data-active', '');
    await expect(state('checking')).not.toHaveAttribute('data-active');
    await expect(inspector.locator('#session .now')).toHaveText('now: anonymous.roleNotChosen (after xstate.done.actor.checkSession)');

    await signIn(page, demo.pat, demo.password);
    await expect(page.getByTestId('account-email')).toHaveText(demo.pat);
    await expect(state('signedIn.access.user')).toHaveAttribute('data-active', '');
    await expect(state('signedIn.expiry.waiting')).toHaveAttribute('data-active', '');
    await expect(state('anonymous.roleNotChosen')).not.toHaveAttribute('data-active');

    // A page opened after the app asks the app's tabs where they are.
    await inspector.reload();
    await expect(state('signedIn.access.user')).toHaveAttribute('data-active', '');
    await expect(inspector.getByRole('row', { name: /^session signedIn\.access\.user, signedIn\.expiry\.waiting/ })).toBeVisible();
  });
});
