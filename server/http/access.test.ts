/**
 * The access table: every route the app mounts, and who may call it. Each row names a route and,
 * for each kind of caller, what must happen: `allowed` (a 2xx, or the endpoint's own 404, 409, 410
 * or 422 for a body that passes its schema, but never 401 or 403), `unauthenticated` (401),
 * `forbidden` (403), or `hidden` (404 to everyone, as a development page is to another machine).
 * A route without a row fails the test, so no endpoint is added without deciding who may call it;
 * a row for a route that is gone fails it too.
 *
 * The callers: nobody signed in; the demo guest of SUN; pat.doe, a billing user of SUN;
 * disabled.doe, whose SUN account is disabled; expired.doe, whose password the office marked for
 * change (only the session's own figures, updating the password and signing out are open to it);
 * harbor.doe, a user of HBR only, sending SUN's
 * invoice and receipt numbers; and pat.doe signed in under DLT 52, sending the numbers of his own
 * SUN account, which a DLT session must not reach either. No answer may hold another
 * account's numbers or another user's address. Every state-changing call is also sent by pat.doe
 * without the anti-forgery header (`withoutXsrf`).
 *
 * The same run sends every body-taking route a body that is not JSON (400) and one over the limit
 * (413), and the logger and the console are read at the end: no password, token, card number or
 * user's address.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';
import { publicDocumentKinds } from '@contracts/documents';
import { latestEmails } from '../core/mail/outbox';
import { readPdf } from '../test/pdf-text';
import { DEMO_POSTAL_CODE, demoUsers } from '../seed/demo-data';
import { demoStatementRows } from '../test/demo-statements';
import {
  DEMO_BILLING,
  DEMO_GUEST,
  DEMO_PASSWORD,
  TestBrowser,
  createTestApp,
  recordingLogger,
  resetSessions,
  settled,
  tokenizeTestCard,
  useSeededDatabase,
} from '../test/harness';
import { SESSION_COOKIE } from './session';
import type { AppEnv } from './types';
import { XSRF_COOKIE } from './xsrf';

type Caller = 'anonymous' | 'guest' | 'user' | 'disabledUser' | 'expiredUser' | 'otherClientUser' | 'userUnderOtherClient';
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'hidden';
type Callers = Record<Caller, Outcome>;

const callerKinds: readonly Caller[] = ['anonymous', 'guest', 'user', 'disabledUser', 'expiredUser', 'otherClientUser', 'userUnderOtherClient'];

interface Row {
  /** `METHOD /path` as the app mounts it. */
  route: string;
  callers: Callers;
  /** For every state-changing call: pat.doe of SUN sending it without `X-XSRF-TOKEN`. */
  withoutXsrf?: Outcome;
  /** Query string, with `?`; a function where it holds what only exists once the table runs. */
  query?: string | (() => string);
  /** A body that passes the route's schema; none for a route that reads no body. */
  body?: (caller: Caller) => unknown;
  /** The call signs in, out or moves the session: each caller gets a browser of its own for it. */
  changesSession?: true;
  /**
   * A refusal of the endpoint's own that this row's body earns past the access checks, counted as
   * `allowed`: for a call whose accepted body would change what later rows rely on.
   */
  ownRefusal?: number;
}

// The policies the routes declare (http/require-session.ts), as rows of outcomes.
const everyone: Callers = {
  anonymous: 'allowed',
  guest: 'allowed',
  user: 'allowed',
  disabledUser: 'allowed',
  expiredUser: 'allowed',
  otherClientUser: 'allowed',
  userUnderOtherClient: 'allowed',
};
/** The partner API: a session, whoever's, is no key. */
const keysOnly: Callers = {
  anonymous: 'unauthenticated',
  guest: 'unauthenticated',
  user: 'unauthenticated',
  disabledUser: 'unauthenticated',
  expiredUser: 'unauthenticated',
  otherClientUser: 'unauthenticated',
  userUnderOtherClient: 'unauthenticated',
};
/** The console: only a staff session (its own cookie) opens it. */
const staffOnly: Callers = keysOnly;
/** The session's own figures and what changing an expired password needs. */
const usersAndGuestsEvenExpired: Callers = { ...everyone, anonymous: 'unauthenticated' };
const usersOnlyEvenExpired: Callers = { ...usersAndGuestsEvenExpired, guest: 'forbidden' };
/** Everything else that needs a session is refused while the password is expired (403 passwordExpired). */
const usersAndGuests: Callers = { ...usersAndGuestsEvenExpired, expiredUser: 'forbidden' };
/** Invoices and what is made of them: hidden from a disabled account. */
const usersAndGuestsWithEnabledAccount: Callers = { ...usersAndGuests, disabledUser: 'forbidden' };
const usersOnly: Callers = { ...usersAndGuests, guest: 'forbidden' };
const usersWithEnabledAccount: Callers = { ...usersOnly, disabledUser: 'forbidden' };
const nobodyFromElsewhere: Callers = {
  anonymous: 'hidden',
  guest: 'hidden',
  user: 'hidden',
  disabledUser: 'hidden',
  expiredUser: 'hidden',
  otherClientUser: 'hidden',
  userUnderOtherClient: 'hidden',
};

/** The SUN account the "other client" callers reach for: pat.doe's. */
const SUN_ACCOUNT = 'A-100200';
const SUN_INVOICE = 'SUN-100031';
/** A strong password nobody has, for registering. */
const NEW_PASSWORD = 'Lantern-Quarry-Violet-2931';
const CARD_NUMBER = '4242424242424242';
const CARD = { number: CARD_NUMBER, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
/** Filled in before the table runs: a payment pat.doe made on his SUN account. */
let sunConfirmationNumber = '';

const sunQuery = '?clientCode=SUN';

const table: Row[] = [
  // Health probes for a load balancer.
  { route: 'GET /healthz', callers: everyone },
  { route: 'GET /readyz', callers: everyone },

  // Who is signed in, and the session's own figures.
  { route: 'GET /api/User/GetIsUserLoggedIn', callers: everyone },
  { route: 'GET /api/User/GetUserEmail', callers: usersAndGuestsEvenExpired },
  { route: 'GET /api/User/GetAccountNumber', callers: usersAndGuestsEvenExpired },
  { route: 'GET /api/User/GetClientCode', callers: usersAndGuestsEvenExpired },
  { route: 'GET /api/User/GetIsPasswordExpired', callers: usersOnlyEvenExpired },
  { route: 'GET /api/user/GetShouldDisplayAuthenticationMessage', callers: everyone },
  // A GET that changes state (it slides the session), so it needs the anti-forgery token too.
  { route: 'GET /api/user/ExtendAuthentication', callers: usersAndGuestsEvenExpired, withoutXsrf: 'forbidden' },

  // Signing in and out: open to anyone, and each caller ends up as whoever signed in.
  {
    route: 'POST /api/userlogin/Login',
    callers: everyone,
    withoutXsrf: 'forbidden',
    changesSession: true,
    body: () => ({ email: 'pat.doe@example.com', password: DEMO_PASSWORD, language: 'en-US', clientCode: 'SUN' }),
  },
  {
    route: 'POST /api/userlogin/GuestLogin',
    callers: everyone,
    withoutXsrf: 'forbidden',
    changesSession: true,
    body: () => ({ ...DEMO_GUEST, language: 'en-US', clientCode: 'SUN' }),
  },
  { route: 'POST /api/user/Logout', callers: everyone, withoutXsrf: 'forbidden', changesSession: true },

  // Clients and their public facts: open, whoever asks about whichever client.
  { route: 'GET /api/Client/GetClientList', callers: everyone },
  { route: 'GET /api/Client/GetClient', callers: everyone, query: sunQuery },
  { route: 'GET /api/Client/GetContact', callers: everyone, query: sunQuery },
  { route: 'GET /api/Client/GetClientUrl', callers: everyone, query: sunQuery },
  { route: 'GET /api/ClientLinks/GetClientLinks', callers: everyone, query: sunQuery },
  { route: 'GET /api/user/DoesClientAcceptPayments', callers: everyone, query: sunQuery },
  { route: 'GET /api/clients/:code/theme.css', callers: everyone },
  { route: 'GET /api/clients/:code/logo', callers: everyone },

  // The reader's language: anyone may choose one.
  { route: 'GET /api/user/GetTranslationLanguage', callers: everyone },
  {
    route: 'POST /api/user/UpdateTranslationLanguage',
    callers: everyone,
    withoutXsrf: 'forbidden',
    body: () => ({ language: 'en-US' }),
  },

  // Invoices and payments: the session's account under the session's client, whatever is sent.
  { route: 'GET /api/OnlinePayment/GetAccountInformation', callers: usersAndGuestsWithEnabledAccount },
  { route: 'GET /api/OnlinePayment/GetPaidInvoices', callers: usersAndGuestsWithEnabledAccount },
  {
    route: 'POST /api/OnlinePayment/MakePayment',
    // HBR takes card payments on its own external page: the portal refuses any (403
    // onlinePaymentsNotAccepted) before looking at the SUN invoice sent.
    callers: { ...usersAndGuestsWithEnabledAccount, otherClientUser: 'forbidden' },
    withoutXsrf: 'forbidden',
    body: () => ({ lines: [{ invoiceNumber: SUN_INVOICE, amountCents: 100 }], cardToken: 'tok_notissuedbyanyone', billing: DEMO_BILLING }),
  },
  { route: 'GET /api/OnlinePayment/GetReceipt', callers: usersAndGuestsWithEnabledAccount, query: () => `?confirmationNumber=${sunConfirmationNumber}` },
  { route: 'GET /api/OnlinePayment/GetReceiptPdf', callers: usersAndGuestsWithEnabledAccount, query: () => `?confirmationNumber=${sunConfirmationNumber}` },
  { route: 'GET /api/OnlinePayment/GetPaymentOptions', callers: usersAndGuestsWithEnabledAccount },
  // The address a user asked to be remembered: a guest always gets none, and cannot forget one.
  { route: 'GET /api/OnlinePayment/GetSavedBillingAddress', callers: usersAndGuestsWithEnabledAccount },
  { route: 'POST /api/OnlinePayment/ForgetSavedBillingAddress', callers: usersOnly, withoutXsrf: 'forbidden' },

  // Documents: the list and the public documents are open; a statement is the session's account's.
  { route: 'GET /api/Documents/GetDocuments', callers: everyone, query: sunQuery },
  { route: 'GET /api/Documents/GetPublicDocument', callers: everyone, query: `?kind=${publicDocumentKinds[0]}&clientCode=SUN` },
  { route: 'GET /api/Documents/GetStatementPdf', callers: usersAndGuestsWithEnabledAccount },

  // The partner API answers API keys only (partner-api/statements/statements.test.ts holds keys to it): no session opens it.
  { route: 'POST /api/office/v1/statements', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'GET /api/office/v1/imports', callers: keysOnly },
  { route: 'GET /api/office/v1/imports/:id', callers: keysOnly },
  { route: 'GET /api/office/v1/imports/:id/problems.csv', callers: keysOnly },
  { route: 'GET /api/office/v1/postings', callers: keysOnly, query: '?date=2026-11-26' },
  { route: 'POST /api/office/v1/payments/:confirmationNumber/refunds', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'POST /api/office/v1/payments/:confirmationNumber/void', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'GET /api/office/v1/webhooks/endpoints', callers: keysOnly },
  { route: 'POST /api/office/v1/webhooks/endpoints', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'POST /api/office/v1/webhooks/endpoints/:id/rotate', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'POST /api/office/v1/webhooks/endpoints/:id/disable', callers: keysOnly, withoutXsrf: 'unauthenticated' },
  { route: 'GET /api/office/v1/webhooks/deliveries', callers: keysOnly },
  { route: 'POST /api/office/v1/webhooks/events/:eventId/replay', callers: keysOnly, withoutXsrf: 'unauthenticated' },

  // The console answers staff sessions only (its own cookie): a patient's session opens none of it
  // (staff roles and clients: console/console-access.test.ts).
  { route: 'GET /api/console/session', callers: everyone },
  { route: 'GET /api/console/session/time-left', callers: everyone },
  { route: 'POST /api/console/session/extend', callers: staffOnly, withoutXsrf: 'forbidden' },
  {
    route: 'POST /api/console/sign-in',
    callers: staffOnly,
    withoutXsrf: 'forbidden',
    // Each caller its own email: the same one from all of them would reach the sign-in's throttle.
    body: (caller) => ({ clientCode: 'SUN', email: `${caller}@example.com`, password: DEMO_PASSWORD }),
  },
  { route: 'POST /api/console/sign-in/code', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ code: '123456' }) },
  { route: 'POST /api/console/sign-in/passkey-options', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/sign-in/passkey', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ response: { id: 'x' } }) },
  { route: 'POST /api/console/sign-out', callers: everyone, withoutXsrf: 'forbidden' },
  {
    route: 'POST /api/console/invitation',
    callers: everyone,
    withoutXsrf: 'forbidden',
    body: () => ({ token: 'A'.repeat(43), password: NEW_PASSWORD }),
  },
  { route: 'POST /api/console/enrol/authenticator', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/enrol/authenticator/confirm', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ code: '123456' }) },
  { route: 'POST /api/console/enrol/passkey-options', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/enrol/passkey', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ response: { id: 'x' } }) },
  { route: 'GET /api/console/staff', callers: staffOnly },
  { route: 'POST /api/console/staff', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ email: 'new.staff@sunriselabs.example', role: 'readOnly' }) },
  { route: 'POST /api/console/staff/:id/role', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ role: 'readOnly' }) },
  { route: 'POST /api/console/staff/:id/deactivate', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'GET /api/console/audit', callers: staffOnly },
  { route: 'GET /api/console/audit.csv', callers: staffOnly },
  // The console's office work (console-work-endpoints.ts).
  { route: 'GET /api/console/today', callers: staffOnly },
  { route: 'GET /api/console/accounts', callers: staffOnly, query: '?q=A-100200' },
  { route: 'GET /api/console/accounts/:accountNumber', callers: staffOnly },
  { route: 'GET /api/console/accounts/:accountNumber/statement.pdf', callers: staffOnly },
  { route: 'POST /api/console/accounts/:accountNumber/users/:userId/activation-link', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/accounts/:accountNumber/users/:userId/end-sessions', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/accounts/:accountNumber/users/:userId/clear-lock', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'GET /api/console/payments', callers: staffOnly },
  { route: 'GET /api/console/payments.csv', callers: staffOnly },
  { route: 'POST /api/console/payments/:confirmationNumber/refunds', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ amountCents: 100, reason: 'Access table' }) },
  { route: 'POST /api/console/imports', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'GET /api/console/imports', callers: staffOnly },
  { route: 'GET /api/console/imports/:id', callers: staffOnly },
  { route: 'GET /api/console/imports/:id/problems.csv', callers: staffOnly },
  { route: 'GET /api/console/api-keys', callers: staffOnly },
  { route: 'POST /api/console/api-keys', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ name: 'Access table', scopes: ['bills:write'] }) },
  { route: 'POST /api/console/api-keys/:prefix/revoke', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'GET /api/console/webhooks/endpoints', callers: staffOnly },
  { route: 'POST /api/console/webhooks/endpoints', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ url: 'https://billing.example.com/hooks' }) },
  { route: 'POST /api/console/webhooks/endpoints/:id/rotate', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/webhooks/endpoints/:id/disable', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/webhooks/endpoints/:id/test', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'GET /api/console/webhooks/deliveries', callers: staffOnly },
  { route: 'POST /api/console/webhooks/events/:eventId/replay', callers: staffOnly, withoutXsrf: 'forbidden' },
  // The console's branding (console-branding-endpoints.ts).
  { route: 'GET /api/console/branding', callers: staffOnly },
  { route: 'POST /api/console/branding/colours', callers: staffOnly, withoutXsrf: 'forbidden', body: () => ({ brand: '#9a3412', brandStrong: '#7c2d12', brandContrast: '#ffffff', brandTint: '#fff3e8' }) },
  { route: 'POST /api/console/branding/logo', callers: staffOnly, withoutXsrf: 'forbidden' },
  { route: 'POST /api/console/branding/logo/remove', callers: staffOnly, withoutXsrf: 'forbidden' },
  {
    route: 'POST /api/console/branding/settings',
    callers: staffOnly,
    withoutXsrf: 'forbidden',
    body: () => ({ acceptsOnlinePayments: true, externalCardLink: '', postingCutoff: '21:30', timeZone: 'America/Chicago', passwordLifetimeDays: null }),
  },

  // Switching clients: a billing user, and only to a client where the user has an account.
  { route: 'GET /api/User/GetUserClients', callers: usersOnly },
  {
    route: 'POST /api/User/SwitchClient',
    callers: { ...usersOnly, otherClientUser: 'forbidden' },
    withoutXsrf: 'forbidden',
    changesSession: true,
    body: () => ({ clientCode: 'SUN' }),
  },

  // The member's own account.
  { route: 'GET /api/User/GetMemberInformation', callers: usersOnly },
  {
    route: 'POST /api/User/UpdateMemberInformation',
    callers: usersOnly,
    withoutXsrf: 'forbidden',
    body: () => ({ firstName: 'Alex', lastName: 'Doe', company: '' }),
  },
  { route: 'POST /api/User/SignOutEverywhere', callers: usersOnly, withoutXsrf: 'forbidden', changesSession: true },
  {
    route: 'POST /api/User/RequestEmailChange',
    callers: usersWithEnabledAccount,
    withoutXsrf: 'forbidden',
    body: (caller) => ({ newEmail: `moved.${caller.toLowerCase()}@example.com`, password: DEMO_PASSWORD }),
  },
  {
    route: 'POST /api/User/ConfirmEmailChange',
    callers: usersWithEnabledAccount,
    withoutXsrf: 'forbidden',
    body: () => ({ token: 'A'.repeat(43) }),
  },

  // Registering and activating: open pages, so open calls.
  {
    route: 'POST /api/userregistration/Register',
    callers: everyone,
    withoutXsrf: 'forbidden',
    body: (caller) => ({
      firstName: 'Jordan',
      lastName: 'Guest',
      company: '',
      email: `register.${caller.toLowerCase()}@example.com`,
      password: NEW_PASSWORD,
      clientCode: 'SUN',
      rosterAcct: DEMO_GUEST.accountNumber,
      invoice: DEMO_GUEST.invoiceNumber,
      postalCode: DEMO_POSTAL_CODE,
      billingGroup: '',
    }),
  },
  { route: 'POST /api/userregistration/Activate', callers: everyone, withoutXsrf: 'forbidden', body: () => ({ token: 'A'.repeat(43) }) },
  // The link's token is the right to use it, whoever holds it (a link nobody was sent is gone: 410).
  { route: 'POST /api/userregistration/RemoveAccess', callers: everyone, withoutXsrf: 'forbidden', body: () => ({ token: 'A'.repeat(43) }) },
  {
    route: 'POST /api/userregistration/ResendActivation',
    callers: everyone,
    withoutXsrf: 'forbidden',
    body: (caller) => ({ email: `register.${caller.toLowerCase()}@example.com` }),
  },

  // Getting back in: open pages, so open calls. A link nobody issued is gone (410).
  {
    route: 'POST /api/ForgotPassword/CheckEmail',
    callers: everyone,
    withoutXsrf: 'forbidden',
    // pat.doe's gets a real link (for the log check); the rest ask about addresses of their own,
    // since every caller asking about one address would meet its limit.
    body: (caller) => ({ email: caller === 'user' ? 'pat.doe@example.com' : `reset.${caller.toLowerCase()}@example.com` }),
  },
  { route: 'POST /api/ForgotPassword/CheckResetLink', callers: everyone, withoutXsrf: 'forbidden', body: () => ({ token: 'A'.repeat(43) }) },
  {
    route: 'POST /api/ForgotPassword/ResetPassword',
    callers: everyone,
    withoutXsrf: 'forbidden',
    body: () => ({ token: 'A'.repeat(43), password: NEW_PASSWORD }),
  },
  // Changing the password while signed in: a billing user, even of a disabled account. The current
  // password sent is wrong (400), since a right one would change pat.doe's under every later row.
  {
    route: 'POST /api/User/UpdatePassword',
    callers: usersOnlyEvenExpired,
    withoutXsrf: 'forbidden',
    ownRefusal: 400,
    body: () => ({ currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD }),
  },

  // The API's OpenAPI document: public, as partners read it.
  { route: 'GET /api/openapi.json', callers: everyone },

  // The sandbox card processor is not here: it has a host of its own, on another origin
  // (core/processor/card-fields-app.ts, tested in processor.test.ts).

  // The development outbox answers only the same machine; these callers are elsewhere.
  { route: 'GET /dev/outbox', callers: nobodyFromElsewhere },
  { route: 'GET /dev/api-reference', callers: nobodyFromElsewhere },
];

/**
 * The endpoints the app mounts, as `METHOD /path`. Paths with a wildcard are middleware (headers,
 * anti-forgery, body limit, sessions) and the static host of the SPA and logos, not endpoints.
 */
function mountedRoutes(app: Hono<AppEnv>): string[] {
  return [...new Set(app.routes.filter((route) => !route.path.includes('*')).map((route) => `${route.method} ${route.path}`))];
}

const pathOf = (row: Row) => row.route.slice(row.route.indexOf(' ') + 1);
const methodOf = (row: Row) => row.route.slice(0, row.route.indexOf(' '));

const urlOf = (row: Row) => `${pathOf(row)}${typeof row.query === 'function' ? row.query() : (row.query ?? '')}`;

// What belongs to whom: account numbers with their invoices, and addresses.
const accountMarkers = (accountNumber: string) => [
  accountNumber,
  ...demoStatementRows.filter((row) => row.accountNumber === accountNumber).map((row) => row.invoiceNumber),
];
const allAccounts = [...new Set(demoStatementRows.map((row) => row.accountNumber))];

/** What a caller may see in an answer: its own account's numbers and its own address. */
function ownMarkers(caller: Caller): string[] {
  switch (caller) {
    case 'anonymous':
      return [];
    case 'guest':
      return [...accountMarkers(DEMO_GUEST.accountNumber), 'Jordan Guest'];
    case 'user':
      // Member information lists the user's accounts at every client.
      return [...accountMarkers(SUN_ACCOUNT), ...accountMarkers('D-520100'), 'pat.doe@example.com', sunConfirmationNumber];
    case 'disabledUser':
      return [...accountMarkers('A-100300'), 'disabled.doe@example.com'];
    case 'expiredUser':
      return [...accountMarkers('A-100400'), 'expired.doe@example.com'];
    case 'otherClientUser':
      return [...accountMarkers('H-300100'), 'harbor.doe@example.com'];
    case 'userUnderOtherClient':
      // The SUN account's number is in member information; its invoices and payments are not.
      return [...accountMarkers('D-520100'), SUN_ACCOUNT, 'pat.doe@example.com'];
  }
}

/** Everything that belongs to someone other than `caller`. */
function foreignMarkers(caller: Caller): string[] {
  const own = new Set(ownMarkers(caller));
  const everything = [...allAccounts.flatMap(accountMarkers), ...demoUsers.map((user) => user.email), sunConfirmationNumber, 'Jordan Guest'];
  return everything.filter((marker) => marker !== '' && !own.has(marker));
}

/** An answer's text; a PDF's as it reads. */
async function answerText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.headers.get('Content-Type')?.startsWith('application/pdf') && response.ok) return (await readPdf(bytes)).text;
  return new TextDecoder().decode(bytes);
}

function matches(expected: Outcome, status: number, ownRefusal?: number): boolean {
  switch (expected) {
    case 'allowed':
      return (status >= 200 && status < 300) || status === 404 || status === 409 || status === 410 || status === 422 || status === ownRefusal;
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'hidden':
      return status === 404;
  }
}

describe('the access table', () => {
  const database = useSeededDatabase();
  const logger = recordingLogger();
  /** Everything written to the console while the table runs. */
  const consoleLines: string[] = [];
  /** Every session and anti-forgery token any browser held. */
  const cookieTokens = new Set<string>();
  const cardTokens = new Set<string>();
  let app: Hono<AppEnv>;
  let browsers: Record<Caller, TestBrowser>;
  let forger: TestBrowser;

  /** A browser that remembers every token it was given, for the log check. */
  class RecordingBrowser extends TestBrowser {
    override async request(...args: Parameters<TestBrowser['request']>): Promise<Response> {
      const response = await super.request(...args);
      for (const name of [SESSION_COOKIE, XSRF_COOKIE]) {
        const value = this.cookies.get(name);
        if (value) cookieTokens.add(value);
      }
      return response;
    }
  }

  /** Each caller on its own source address, so one caller's throttling never meets another's. */
  const addressOf = (caller: Caller | 'forger') => (caller === 'forger' ? '192.0.2.9' : `192.0.2.${String(10 + callerKinds.indexOf(caller))}`);

  async function signedIn(caller: Caller | 'forger'): Promise<TestBrowser> {
    const browser = await new RecordingBrowser(app, addressOf(caller)).open();
    const signIn = async (): Promise<Response | undefined> => {
      switch (caller) {
        case 'anonymous':
          return undefined;
        case 'guest':
          return browser.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber);
        case 'user':
        case 'forger':
          return browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
        case 'disabledUser':
          return browser.login('disabled.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
        case 'expiredUser':
          return browser.login('expired.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' });
        case 'otherClientUser':
          return browser.login('harbor.doe@example.com', DEMO_PASSWORD, { clientCode: 'HBR' });
        case 'userUnderOtherClient':
          return browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'DLT', billingGroup: '52' });
      }
    };
    const response = await signIn();
    if (response && response.status !== 200) throw new Error(`${caller} could not sign in: ${String(response.status)}`);
    return browser;
  }

  async function signInEveryone(): Promise<void> {
    const entries = await Promise.all(callerKinds.map(async (caller) => [caller, await signedIn(caller)] as const));
    browsers = Object.fromEntries(entries) as Record<Caller, TestBrowser>;
    forger = await signedIn('forger');
  }

  /** Signs in again whoever a call signed out elsewhere (signing out everywhere ends them all). */
  async function signInAgainWhereSignedOut(): Promise<void> {
    const isSignedOut = async (browser: TestBrowser) => {
      const { body } = await browser.getJson('/api/User/GetIsUserLoggedIn');
      return (body as { isUserActive?: boolean }).isUserActive !== true;
    };
    for (const caller of callerKinds) {
      if (caller !== 'anonymous' && (await isSignedOut(browsers[caller]))) browsers[caller] = await signedIn(caller);
    }
    if (await isSignedOut(forger)) forger = await signedIn('forger');
  }

  function send(browser: TestBrowser, row: Row, caller: Caller, xsrf: 'auto' | 'none' = 'auto'): Promise<Response> {
    return browser.request(methodOf(row), urlOf(row), {
      xsrf,
      ...(row.body ? { body: row.body(caller) } : {}),
      headers: { 'Idempotency-Key': `access-${crypto.randomUUID()}` },
    });
  }

  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map(String).join(' '));
      });
    }
    await resetSessions(database.db);
    app = createTestApp(database.db, { logger });

    // A payment on pat.doe's SUN account, whose receipt the other callers reach for.
    const payer = await signedIn('user');
    const token = await tokenizeTestCard(database.db, CARD);
    cardTokens.add(token);
    const paid = await payer.post(
      '/api/OnlinePayment/MakePayment',
      { lines: [{ invoiceNumber: SUN_INVOICE, amountCents: 100 }], cardToken: token, billing: DEMO_BILLING },
      { headers: { 'Idempotency-Key': 'access-table-payment' } },
    );
    expect(paid.status, await paid.clone().text()).toBe(200);
    sunConfirmationNumber = ((await paid.json()) as { confirmationNumber: string }).confirmationNumber;

    await signInEveryone();
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('has a row for every route the app mounts, and none for a route that is gone', () => {
    const mounted = mountedRoutes(app);
    const rows = table.map((row) => row.route);
    expect(mounted.filter((route) => !rows.includes(route)), 'routes without a row: decide who may call them').toEqual([]);
    expect(rows.filter((route) => !mounted.includes(route)), 'rows for routes the app no longer mounts').toEqual([]);
    expect(rows.filter((route, index) => rows.indexOf(route) !== index), 'routes with two rows').toEqual([]);
    const stateChanging = table.filter((row) => methodOf(row) !== 'GET' && row.withoutXsrf === undefined).map((row) => row.route);
    expect(stateChanging, 'state-changing routes without a withoutXsrf outcome').toEqual([]);
  });

  it.each(table.map((row) => [row.route, row] as const))('%s answers each caller as the table says', async (_route, row) => {
    const wrong: string[] = [];
    for (const caller of callerKinds) {
      const browser = row.changesSession ? await signedIn(caller) : browsers[caller];
      const response = await send(browser, row, caller);
      const text = await answerText(response);
      const expected = row.callers[caller];
      if (!matches(expected, response.status, row.ownRefusal)) {
        wrong.push(`${caller}: expected ${expected}, got ${String(response.status)} ${text.slice(0, 120)}`);
      } else if (caller === 'expiredUser' && expected === 'forbidden' && !text.includes('"passwordExpired"')) {
        // The SPA sends such a user to Update password on this code.
        wrong.push(`${caller}: refused without the passwordExpired code: ${text.slice(0, 120)}`);
      }
      const leaked = foreignMarkers(caller).filter((marker) => text.includes(marker));
      if (leaked.length > 0) wrong.push(`${caller}: the answer holds what is not theirs: ${leaked.join(', ')}`);
    }
    if (row.withoutXsrf !== undefined) {
      const browser = row.changesSession ? await signedIn('forger') : forger;
      const response = await send(browser, row, 'user', 'none');
      if (!matches(row.withoutXsrf, response.status)) {
        wrong.push(`without X-XSRF-TOKEN: expected ${row.withoutXsrf}, got ${String(response.status)}`);
      }
    }
    // Whoever was signed out elsewhere by this row, the next row starts from the callers as they were.
    if (row.changesSession) await signInAgainWhereSignedOut();
    expect(wrong).toEqual([]);
  });

  it('answers a body that is not JSON with 400 and one over the limit with 413 on every route that takes one', async () => {
    const oversized = JSON.stringify({ padding: 'x'.repeat(100 * 1024) });
    const wrong: string[] = [];
    // The billing office's statements take their own bodies and limits (partner-api/statements/statements.test.ts).
    for (const row of table.filter((candidate) => methodOf(candidate) !== 'GET' && candidate.callers !== keysOnly)) {
      // Sent by a caller the table lets through, so the body is what is judged.
      const caller = callerKinds.find((candidate) => row.callers[candidate] === 'allowed');
      if (caller === undefined) throw new Error(`${row.route}: no caller may send it`);
      const cases: { name: string; body: string; headers?: Record<string, string>; expected: number | 'any' }[] = [
        { name: 'not JSON', body: '{"email": "pat.doe@example.com", ', expected: row.body ? 400 : 'any' },
        // A real client states the length: refused before the handler runs, body or not.
        { name: 'over the limit, with its length', body: oversized, headers: { 'Content-Length': String(oversized.length) }, expected: 413 },
        // A chunked one is counted as it is read.
        { name: 'over the limit, chunked', body: oversized, expected: row.body ? 413 : 'any' },
      ];
      for (const sent of cases) {
        const browser = row.changesSession ? await signedIn(caller) : browsers[caller];
        const response = await browser.request(methodOf(row), urlOf(row), {
          body: sent.body,
          headers: { 'Idempotency-Key': `access-${crypto.randomUUID()}`, ...sent.headers },
        });
        const fine = sent.expected === 'any' ? response.status < 500 : response.status === sent.expected;
        if (!fine) wrong.push(`${row.route} ${sent.name} as ${caller}: expected ${String(sent.expected)}, got ${String(response.status)}`);
      }
      if (row.changesSession) await signInAgainWhereSignedOut();
    }
    expect(wrong).toEqual([]);
  });

  it('writes no password, session or anti-forgery token, emailed link token, card number or user’s address to the log', async () => {
    // The emails written after their answers, and whatever their work logged, are in.
    await settled(app);
    const emailed = (await latestEmails(database.db, 500)).flatMap((email) => [...email.body.matchAll(/token=([A-Za-z0-9_-]{20,})/g)].map((match) => match[1] ?? ''));
    // The run made activation and email-change links, sessions, and a card token: the check has something to look for.
    expect(emailed.length).toBeGreaterThan(0);
    expect(cookieTokens.size).toBeGreaterThan(callerKinds.length);
    const secrets = [DEMO_PASSWORD, NEW_PASSWORD, CARD_NUMBER, '4242 4242 4242 4242', ...emailed, ...cookieTokens, ...cardTokens, ...demoUsers.map((user) => user.email)];
    const written = [...logger.lines, ...consoleLines].join('\n');
    expect(secrets.filter((secret) => secret !== '' && written.includes(secret))).toEqual([]);
  });
});
