/**
 * The session plan in the browser: signing in and out on the real login and guest pages, the
 * expiry poll and the warning under the page's clock, and the server's answers held until the
 * path says how they go.
 */
import { sessionDelays } from '@machines/session/session.machine';
import type { SessionCheckResult, SessionContext } from '@machines/session/session.types';
import type { Page } from '@playwright/test';
import { demo, expect, signIn, signInAsGuest } from '../fixtures';
import { modelPathAccounts } from '../fixture-data';
import { ahead, NoWayInTheProduct, type BrowserPaths, type ModelEvent, type PathRun } from './browser-paths';
import { errorCodeOf, failureAnswer, fromServer, json, offline, type Answer } from './call-gate';
import { installClock, runClock } from './clock';

const endpoints = {
  check: 'User/GetIsUserLoggedIn',
  logIn: 'userlogin/Login',
  guestLogIn: 'userlogin/GuestLogin',
  poll: 'user/GetShouldDisplayAuthenticationMessage',
  extend: 'user/ExtendAuthentication',
  logOut: 'user/Logout',
} as const;

/** The HTTP status the API answers each refusal code with. */
const refusalStatus: Record<string, number> = {
  invalidCredentials: 401,
  invalidRequest: 400,
  accountNotActivated: 403,
  tooManyRequests: 429,
  serverError: 500,
};

type Who = 'user' | 'disabledUser' | 'expiredUser' | 'guest' | 'nobody' | 'inactive';

function who(result: SessionCheckResult): Who {
  const { userRole, isUserActive, isAccountDisabled } = result.status;
  if (userRole === null) return 'nobody';
  if (!isUserActive) return 'inactive';
  if (userRole === 'ClientBillingGuest') return 'guest';
  if (result.passwordExpiryDays === 0) return 'expiredUser';
  return isAccountDisabled === true ? 'disabledUser' : 'user';
}

const outputOf = (event: ModelEvent) => event.output as SessionCheckResult;
const codeOf = (event: ModelEvent): string => errorCodeOf(event.error) ?? 'network';
const failure = (event: ModelEvent): Answer => failureAnswer(event.error, refusalStatus);

/** What a check or sign-in answer says: the real server's, when the path's own accounts give it; else arranged. */
function statusAnswer(event: ModelEvent): Answer {
  const kind = who(outputOf(event));
  return kind === 'nobody' || kind === 'inactive' ? json(outputOf(event).status) : fromServer;
}

function userOf(run: PathRun, kind: Who): string {
  if (kind === 'disabledUser') return modelPathAccounts.sessionDisabledUser(run.number).userEmail;
  if (kind === 'expiredUser') return modelPathAccounts.sessionExpiredUser(run.number).userEmail;
  return modelPathAccounts.sessionUser(run.number).userEmail;
}

/** A new password under the rules, for the path's own user. */
const newPassword = (run: PathRun) => `Model path ${String(run.number)} quiet lantern`;

function guestOf(run: PathRun): { accountNumber: string; invoiceNumber: string } {
  const guest = modelPathAccounts.sessionGuest(run.number);
  return { accountNumber: guest.accountNumber, invoiceNumber: guest.invoices[0]?.invoiceNumber ?? '' };
}

const overlay = (page: Page) => page.getByTestId('loading-overlay');
const signedInMenu = (page: Page) => page.getByTestId('menu-signed-in');
const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to end' });
const signedOutNotice = (page: Page) => page.getByRole('alertdialog', { name: 'Signed out' });

/** Before the path: signs in on the real pages as whom the first check will find, in an earlier visit. */
async function signInEarlier(run: PathRun, kind: Who): Promise<void> {
  const { page } = run;
  if (kind === 'guest') {
    const guest = guestOf(run);
    await page.goto('/SUN/guestLogin');
    await signInAsGuest(page, guest.accountNumber, guest.invoiceNumber);
  } else {
    await page.goto('/SUN/login');
    await signIn(page, userOf(run, kind), demo.password);
  }
  await expect(signedInMenu(page)).toBeVisible();
}

/**
 * Another tab of the same browser signs in (as whom the page's next check will find, when the path
 * says it finds someone), which has the page check the session again; the other tab then closes.
 * The browser may still hold a session the path's answers have ended: the other tab signs that
 * out first (a sign-out elsewhere is no news to a signed-in page, which learns it from its poll).
 */
/**
 * Another tab of this browser signs out: its session began without a word to this tab (signed in
 * by a call, as if long before), so the only news this tab gets is the sign-out.
 */
async function signOutInAnotherTab(run: PathRun): Promise<void> {
  const xsrf = (await run.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const signedIn = await run.context.request.post('/api/userlogin/Login', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: { email: userOf(run, 'user'), password: demo.password, language: 'en-US', clientCode: 'SUN' },
  });
  expect(signedIn.ok()).toBe(true);
  const other = await run.context.newPage();
  await other.goto('/SUN/about');
  await signedInMenu(other).getByRole('button', { name: 'Sign out' }).click();
  await expect(other.getByTestId('menu-signed-out')).toBeVisible();
  await run.gate.arrived(endpoints.check);
  await other.close();
}

async function signInInAnotherTab(run: PathRun): Promise<void> {
  const next = ahead(run)[0];
  const kind = next?.type === 'xstate.done.actor.checkSession' ? who(outputOf(next)) : 'user';
  const form = kind === 'guest' ? '/SUN/guestLogin' : '/SUN/login';
  const other = await run.context.newPage();
  const checked = other.waitForResponse((response) => response.url().endsWith(`/api/${endpoints.check}`));
  await other.goto(form);
  const { userRole } = (await (await checked).json()) as { userRole: string | null };
  const formHeading = other.getByRole('heading', { level: 1, name: kind === 'guest' ? 'Pay as a guest' : 'Sign in' });
  if (userRole !== null) {
    await signedInMenu(other).getByRole('button', { name: 'Sign out' }).click();
    await expect(other.getByTestId('menu-signed-out')).toBeVisible();
    await other.goto(form);
    await expect(formHeading).toBeVisible();
  }
  if (kind === 'guest') {
    const guest = guestOf(run);
    await signInAsGuest(other, guest.accountNumber, guest.invoiceNumber);
  } else {
    await signIn(other, userOf(run, kind), demo.password);
  }
  await expect(signedInMenu(other)).toBeVisible();
  await run.gate.arrived(endpoints.check);
  await other.close();
}

export const sessionPaths: BrowserPaths = {
  machine: 'session',
  start: async (run) => {
    const first = run.events[0];
    const kind = first?.type === 'xstate.done.actor.checkSession' ? who(outputOf(first)) : 'nobody';
    if (kind === 'user' || kind === 'disabledUser' || kind === 'expiredUser' || kind === 'guest') await signInEarlier(run, kind);
    run.gate.hold(...Object.values(endpoints));
    await installClock(run.page);
    // The page the path's first sign-in happens on (the guest form, or the login form); a signed-in visitor reads About.
    const guestFirst = run.events.find((event) => event.type === 'session.guestLogin' || event.type === 'session.login')?.type === 'session.guestLogin';
    await run.page.goto(kind === 'nobody' || kind === 'inactive' ? (guestFirst ? '/SUN/guestLogin' : '/SUN/login') : '/SUN/about');
    await run.gate.arrived(endpoints.check);
  },
  steps: {
    'xstate.done.actor.checkSession': (run, event) => run.gate.answer(endpoints.check, statusAnswer(event)),
    'xstate.error.actor.checkSession': (run, event) => run.gate.answer(endpoints.check, failure(event)),
    'session.recheck': async (run) => {
      if (run.before.matches('checkFailed')) {
        await run.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      } else {
        await signInInAnotherTab(run);
      }
      await run.gate.arrived(endpoints.check);
    },
    'session.otherTabSignedOut': signOutInAnotherTab,
    'session.chooseRole': async (run, event) => {
      if (event.role !== 'ClientBillingUser') throw new NoWayInTheProduct('the menu offers signing in as a billing user only (Roster login)');
      await run.page.getByTestId('menu-signed-out').getByRole('link', { name: 'Roster login' }).click();
    },
    'session.clearRole': (run) => run.page.getByTestId('menu-signed-out').getByRole('link', { name: 'Home' }).click(),
    'session.login': async (run) => {
      const answer = ahead(run)[0];
      const kind = answer?.type === 'xstate.done.actor.logIn' ? who(outputOf(answer)) : 'user';
      const wrongPassword = answer?.type === 'xstate.error.actor.logIn' && codeOf(answer) === 'invalidCredentials';
      await signIn(run.page, userOf(run, kind), wrongPassword ? `${demo.password}-wrong` : demo.password);
      await run.gate.arrived(endpoints.logIn);
    },
    'xstate.done.actor.logIn': (run, event) => run.gate.answer(endpoints.logIn, statusAnswer(event)),
    'xstate.error.actor.logIn': (run, event) =>
      run.gate.answer(endpoints.logIn, codeOf(event) === 'invalidCredentials' ? fromServer : failure(event)),
    'session.guestLogin': async (run) => {
      const answer = ahead(run)[0];
      const guest = guestOf(run);
      const wrongInvoice = answer?.type === 'xstate.error.actor.logInGuest' && codeOf(answer) === 'invalidCredentials';
      await signInAsGuest(run.page, guest.accountNumber, wrongInvoice ? 'SUN-000000' : guest.invoiceNumber);
      await run.gate.arrived(endpoints.guestLogIn);
    },
    'xstate.done.actor.logInGuest': (run, event) => run.gate.answer(endpoints.guestLogIn, statusAnswer(event)),
    'xstate.error.actor.logInGuest': (run, event) =>
      run.gate.answer(endpoints.guestLogIn, codeOf(event) === 'invalidCredentials' ? fromServer : failure(event)),
    'xstate.after.pollInterval.session.signedIn.expiry.waiting': async (run) => {
      await runClock(run.page, sessionDelays.pollInterval);
      await run.gate.arrived(endpoints.poll);
    },
    // The poll's answer is the path's (whether to warn, and the seconds left), in the API's shape.
    'xstate.done.actor.checkExpiry': (run, event) => run.gate.answer(endpoints.poll, json(event.output)),
    'xstate.error.actor.checkExpiry': (run) => run.gate.answer(endpoints.poll, offline),
    'session.extend': async (run) => {
      await warning(run.page).getByRole('button', { name: 'Continue' }).click();
      await run.gate.arrived(endpoints.extend);
    },
    'xstate.done.actor.extendAuthentication': (run) => run.gate.answer(endpoints.extend, fromServer),
    'xstate.error.actor.extendAuthentication': (run) => run.gate.answer(endpoints.extend, offline),
    'session.decline': (run) => warning(run.page).getByRole('button', { name: 'Sign out' }).click(),
    // Until the end the last poll gave, as the warning counts down to it.
    'xstate.after.sessionEnd.session.signedIn.expiry.warning': (run) => {
      const context = run.before.context as SessionContext;
      return runClock(run.page, Math.max(0, context.secondsLeft) * 1000);
    },
    'session.acknowledgeExpiry': async (run) => {
      await signedOutNotice(run.page).getByRole('button', { name: 'OK' }).click();
      await run.gate.arrived(endpoints.logOut);
    },
    'xstate.after.inactivityNoticeTimeout.session.signedIn.expiry.expiring': async (run) => {
      await runClock(run.page, sessionDelays.inactivityNoticeTimeout);
      await run.gate.arrived(endpoints.logOut);
    },
    'session.logout': async (run) => {
      await signedInMenu(run.page).getByRole('button', { name: 'Sign out' }).click();
      await run.gate.arrived(endpoints.logOut);
    },
    // Reloads the page, which the server renders now: the browser resumes the server's session, asking nothing at start-up.
    'session.resume': async (run) => {
      run.serverRendered = true;
      const checksBefore = run.gate.calls(endpoints.check);
      await run.page.reload();
      await expect(run.page.locator('#root')).not.toHaveAttribute('inert');
      expect(run.gate.calls(endpoints.check)).toBe(checksBefore);
    },
    'session.signedOutEverywhere': async (run) => {
      const { page } = run;
      await signedInMenu(page).getByRole('link', { name: 'Member information' }).click();
      await page.getByRole('button', { name: 'Sign out on every device' }).click();
      await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
      await run.gate.arrived(endpoints.logOut);
    },
    // On the update password page (through the menu, by keyboard: a held call's overlay may cover the page).
    'session.passwordChanged': async (run) => {
      const { page } = run;
      if (!page.url().endsWith('/password')) {
        await signedInMenu(page).getByRole('link', { name: 'Update password' }).focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Update password' })).toBeVisible();
      await page.getByLabel('Current password').fill(demo.password);
      await page.getByLabel('New password', { exact: true }).fill(newPassword(run));
      await page.getByLabel('Confirm the new password').fill(newPassword(run));
      await page.getByRole('button', { name: 'Change the password' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/password$/);
    },
    'xstate.done.actor.logOut': (run) => run.gate.answer(endpoints.logOut, fromServer),
    'xstate.error.actor.logOut': (run) => run.gate.answer(endpoints.logOut, offline),
  },
  screens: {
    // Waiting for the held check: the loading overlay, and nobody signed in yet.
    'session.checking': async ({ page }) => {
      await expect(overlay(page)).toBeVisible();
      await expect(signedInMenu(page)).toHaveCount(0);
    },
    'session.checkFailed': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: 'We could not check whether you are signed in.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'session.anonymous': async ({ page }) => {
      await expect(page.getByTestId('menu-signed-out')).toBeVisible();
      await expect(signedInMenu(page)).toHaveCount(0);
    },
    // The role chooser: the signed-out menu offers signing in.
    'session.anonymous.roleNotChosen': async ({ page }) => {
      await expect(page.getByTestId('menu-signed-out').getByRole('link', { name: 'Roster login' })).toBeVisible();
    },
    // A way of signing in was picked: its form shows.
    'session.anonymous.roleChosen': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: /^(Sign in|Pay as a guest)$/ })).toBeVisible();
    },
    'session.anonymous.authenticating': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();
    },
    'session.anonymous.authenticatingGuest': async ({ page }) => {
      await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
      await expect(overlay(page)).toBeVisible();
    },
    'session.signedIn': async ({ page }) => {
      await expect(signedInMenu(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    },
    'session.signedIn.access.user': async ({ page }) => {
      await expect(signedInMenu(page).getByRole('link', { name: 'View invoices' })).toBeVisible();
      await expect(signedInMenu(page).getByRole('link', { name: 'Member information' })).toBeVisible();
    },
    'session.signedIn.access.accountDisabled': async ({ page }) => {
      await expect(signedInMenu(page).getByRole('link', { name: 'Member information' })).toBeVisible();
      await expect(signedInMenu(page).getByRole('link', { name: 'View invoices' })).toHaveCount(0);
    },
    // Held on update password, told why, whatever page was asked for.
    'session.signedIn.access.passwordExpired': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Update password' })).toBeVisible();
      await expect(page.getByTestId('password-expired')).toBeVisible();
    },
    'session.signedIn.access.guest': async ({ page }) => {
      await expect(signedInMenu(page).getByRole('link', { name: 'View invoices' })).toBeVisible();
      await expect(signedInMenu(page).getByRole('link', { name: 'Member information' })).toHaveCount(0);
    },
    'session.signedIn.expiry.waiting': async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    // The poll is held: the overlay shows, no dialog yet.
    'session.signedIn.expiry.polling': async ({ page }) => {
      await expect(overlay(page)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    },
    'session.signedIn.expiry.warning': async ({ page }) => {
      await expect(warning(page)).toBeVisible();
      await expect(warning(page).getByRole('button', { name: 'Continue' })).toBeVisible();
    },
    // Continue was chosen and the extension is on its way: the warning has closed.
    'session.signedIn.expiry.extending': async ({ page }) => {
      await expect(warning(page)).toHaveCount(0);
      await expect(overlay(page)).toBeVisible();
    },
    'session.signedIn.expiry.expiring': async ({ page }) => {
      await expect(signedOutNotice(page)).toContainText('Your session has ended because of inactivity.');
    },
    // The sign-out is on its way: nobody is signed in any more, and the page waits.
    'session.loggingOut': async ({ page }) => {
      await expect(signedInMenu(page)).toHaveCount(0);
      await expect(overlay(page)).toBeVisible();
    },
  },
};
