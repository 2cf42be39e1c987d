/**
 * The app-wide machines' implementations, run inside their real machines with fake services:
 * what they call (with the actor's abort signal), what they make of failures, which addresses
 * they let through, and where logout goes.
 */
import { clientMachine } from '@machines/client/client.machine';
import { selectClientUrl, selectExternalCCLink } from '@machines/client/client.selectors';
import { sessionMachine } from '@machines/session/session.machine';
import { createActor, waitFor } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as endpoints from '@/lib/api/endpoints';
import { ApiError } from '@/lib/api/errors';
import type { ThemeSheet, ThemeStylesheets } from '@/lib/theme';
import type { AppNavigation } from '@/lib/navigation';
import { createClientImplementations } from './client.implementations';
import { createSessionImplementations, toSessionError, type SessionDeps } from './session.implementations';

function fakeNavigation(path = '/SUN/invoices') {
  const calls: string[] = [];
  const navigation: AppNavigation = {
    goTo: (href, options) => calls.push(`goTo ${href}${options?.replace ? ' (replace)' : ''}`),
    leaveTo: (url) => calls.push(`leaveTo ${url}`),
    currentPath: () => path,
    recheckGuards: () => calls.push('recheckGuards'),
  };
  return { navigation, calls };
}

const signedOutStatus = { userRole: null, isUserActive: false };
const signedInStatus = { userRole: 'ClientBillingUser' as const, isUserActive: true };

vi.mock('@/lib/api/endpoints');
const api = vi.mocked(endpoints);

type Api = typeof endpoints;

/** The api answering as a signed-in billing user would, with `overrides`; records the signals it is given. */
function answering(overrides: Partial<{ [K in keyof Api]: Api[K] }> = {}): AbortSignal[] {
  const signals: AbortSignal[] = [];
  api.getLoggedInStatus.mockImplementation((options) => {
    if (options?.signal) signals.push(options.signal);
    return Promise.resolve(signedInStatus);
  });
  api.logIn.mockResolvedValue(signedInStatus);
  api.logInGuest.mockResolvedValue(signedInStatus);
  api.getUserEmail.mockResolvedValue('pat.doe@example.com');
  api.getAccountNumber.mockResolvedValue('A-1');
  api.getSessionClient.mockResolvedValue({ clientCode: 'DLT', billingGroup: '48' });
  api.getAuthenticationMessage.mockResolvedValue({ display: false, secondsLeft: 900 });
  api.extendAuthentication.mockResolvedValue({ secondsLeft: 900 });
  api.logOut.mockResolvedValue({ url: '' });
  for (const [name, implementation] of Object.entries(overrides)) {
    vi.mocked(endpoints[name as keyof Api]).mockImplementation(implementation as never);
  }
  return signals;
}

beforeEach(() => {
  vi.resetAllMocks();
});

function sessionDeps(overrides: Partial<{ [K in keyof Api]: Api[K] }> = {}, extra: Partial<SessionDeps> = {}) {
  const signals = answering(overrides);
  const { navigation, calls } = fakeNavigation();
  const stored = new Map<string, string>();
  const deps: SessionDeps = {
    storage: { set: (key, value) => stored.set(key, value), remove: (key) => stored.delete(key) },
    navigation,
    hasClient: () => true,
    reportError: vi.fn(),
    ...extra,
  };
  return { deps, calls, signals, stored };
}

async function signedInThenLogOut(deps: SessionDeps, variant: 'session.logout' | 'session.signedOutEverywhere' = 'session.logout') {
  const actor = createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
  await waitFor(actor, (s) => s.hasTag('signedIn'));
  actor.send({ type: variant });
  await waitFor(actor, (s) => s.matches('anonymous'));
  actor.stop();
}

describe('the session implementations', () => {
  it('pass the actor’s abort signal to the api, and read the signed-in account', async () => {
    const { deps, signals } = sessionDeps();
    const actor = createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
    const snapshot = await waitFor(actor, (s) => s.hasTag('signedIn'));
    expect(signals).toHaveLength(1);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(snapshot.context.account).toEqual({ email: 'pat.doe@example.com', accountNumber: 'A-1', clientCode: 'DLT', billingGroup: '48' });
    actor.stop();
  });

  it('learn whether a billing user’s password has expired, and never ask for a guest', async () => {
    const { deps } = sessionDeps({ getPasswordExpiryDays: () => Promise.resolve(0) });
    const user = createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
    const held = await waitFor(user, (s) => s.hasTag('signedIn'));
    expect(held.matches({ signedIn: { access: 'passwordExpired' } })).toBe(true);
    user.stop();

    api.getPasswordExpiryDays.mockClear();
    const guestDeps = sessionDeps({ getLoggedInStatus: () => Promise.resolve({ userRole: 'ClientBillingGuest', isUserActive: true }) });
    const guest = createActor(sessionMachine.provide(createSessionImplementations(guestDeps.deps))).start();
    const snapshot = await waitFor(guest, (s) => s.hasTag('signedIn'));
    expect(snapshot.context.passwordExpiryDays).toBe(-1);
    expect(api.getPasswordExpiryDays).not.toHaveBeenCalled();
    guest.stop();
  });

  it("turn the api's failures into the session's codes", () => {
    expect(toSessionError(new ApiError('invalidCredentials', 401)).code).toBe('invalidCredentials');
    expect(toSessionError(new ApiError('tooManyRequests', 429)).code).toBe('tooManyRequests');
    expect(toSessionError(new ApiError('network', null)).code).toBe('network');
    // A 400 is about what was typed, not a failure on our side.
    expect(toSessionError(new ApiError('invalidRequest', 400)).code).toBe('invalidRequest');
    expect(toSessionError(new ApiError('accountNotActivated', 403)).code).toBe('accountNotActivated');
    expect(toSessionError(new ApiError('xsrf', 403)).code).toBe('serverError');
    expect(toSessionError(new Error('anything')).code).toBe('serverError');
  });

  it('show a refused sign-in as the machine’s own error code', async () => {
    const { deps } = sessionDeps({
      getLoggedInStatus: () => Promise.resolve(signedOutStatus),
      logIn: () => Promise.reject(new ApiError('tooManyRequests', 429)),
    });
    const actor = createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.login', email: 'a@example.com', password: 'x', language: 'en-US' });
    const snapshot = await waitFor(actor, (s) => s.context.loginError !== null);
    expect(snapshot.context.loginError).toBe('tooManyRequests');
    actor.stop();
  });

  it('after logout, leave for the server’s address only when it is http(s) and a client is set', async () => {
    const external = sessionDeps({ logOut: () => Promise.resolve({ url: 'https://sunrise.example/bye' }) });
    await signedInThenLogOut(external.deps);
    expect(external.calls).toEqual(['leaveTo https://sunrise.example/bye']);

    const noClient = sessionDeps({ logOut: () => Promise.resolve({ url: 'https://sunrise.example/bye' }) }, { hasClient: () => false });
    await signedInThenLogOut(noClient.deps);
    expect(noClient.calls).toEqual(['goTo /SUN/ (replace)']);

    const script = sessionDeps({ logOut: () => Promise.resolve({ url: 'javascript:alert(1)' }) });
    await signedInThenLogOut(script.deps);
    expect(script.calls).toEqual(['goTo /SUN/ (replace)']);

    const internal = sessionDeps({ logOut: () => Promise.resolve({ url: '/SUN/about' }) });
    await signedInThenLogOut(internal.deps);
    expect(internal.calls).toEqual(['goTo /SUN/about (replace)']);

    const protocolRelative = sessionDeps({ logOut: () => Promise.resolve({ url: '//evil.example/' }) }, { hasClient: () => false });
    await signedInThenLogOut(protocolRelative.deps);
    expect(protocolRelative.calls).toEqual(['goTo /SUN/ (replace)']);
  });

  it('after signing out on every device (to the login page whatever the server says), or a failed logout call, go where the rule says', async () => {
    const toLogin = sessionDeps({ logOut: () => Promise.resolve({ url: 'https://sunrise.example/bye' }) });
    await signedInThenLogOut(toLogin.deps, 'session.signedOutEverywhere');
    expect(toLogin.calls).toEqual(['goTo /SUN/login (replace)']);

    const failed = sessionDeps({ logOut: () => Promise.reject(new ApiError('network', null)) });
    await signedInThenLogOut(failed.deps);
    expect(failed.calls).toEqual(['goTo /SUN/ (replace)']);
  });

  it('keep the disabled-account flag in session storage while the account is disabled', async () => {
    const { deps, stored } = sessionDeps({
      getLoggedInStatus: () => Promise.resolve({ ...signedInStatus, isAccountDisabled: true }),
    });
    const actor = createActor(sessionMachine.provide(createSessionImplementations(deps))).start();
    await waitFor(actor, (s) => s.matches({ signedIn: { access: 'accountDisabled' } }));
    expect(stored.get('activeAccountDisabled')).toBe('true');
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(stored.has('activeAccountDisabled')).toBe(false);
    actor.stop();
  });
});

describe('the client implementations', () => {
  const client = { code: 'SUN', name: 'Sunrise Laboratories', logoUrl: null, theme: 'sunrise', billingGroup: null, acceptsOnlinePayments: true, patientAppUrl: null };

  async function selectedWith(clientUrl: string, cardLink: string) {
    const classes = new Set<string>();
    const body = {
      classList: {
        add: (name: string) => classes.add(name),
        remove: (name: string) => classes.delete(name),
        [Symbol.iterator]: () => classes.values(),
      },
    };
    const stored = new Map<string, string>();
    api.getClient.mockResolvedValue(client);
    api.getClientUrl.mockResolvedValue(clientUrl);
    api.getExternalCardLink.mockResolvedValue(cardLink);
    const actor = createActor(
      clientMachine.provide(
        createClientImplementations({
          storage: { set: (key, value) => stored.set(key, value) },
          body,
        }),
      ),
    ).start();
    actor.send({ type: 'client.select', code: 'sun' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('selected') && s.context.clientUrl !== null && stored.size > 0);
    actor.stop();
    return { snapshot, classes, stored };
  }

  it('let only http(s) addresses through, and put the theme class on the body', async () => {
    const safe = await selectedWith('https://www.sunrise.example/', 'https://payments.example.org/sun');
    expect(selectClientUrl(safe.snapshot)).toBe('https://www.sunrise.example/');
    expect(selectExternalCCLink(safe.snapshot)).toBe('https://payments.example.org/sun');
    expect([...safe.classes]).toEqual(['theme-sunrise']);
    expect(JSON.parse(safe.stored.get('clientLinks') ?? '{}')).toEqual({
      clientCode: 'SUN',
      billingGroup: null,
      externalCCLink: 'https://payments.example.org/sun',
    });

    const unsafe = await selectedWith('javascript:alert(1)', 'data:text/html,<script>alert(1)</script>');
    expect(selectClientUrl(unsafe.snapshot)).toBe('');
    expect(selectExternalCCLink(unsafe.snapshot)).toBe('');
  });

  /** Theme stylesheets that record what is loaded, shown and removed. */
  function recordingThemes() {
    const events: string[] = [];
    const themes: ThemeStylesheets = {
      load: ({ code, billingGroup }, signal) => {
        events.push(`load ${code}/${billingGroup ?? ''}`);
        expect(signal).toBeInstanceOf(AbortSignal);
        // Stands in for the stylesheet's element: the implementation only hands it on.
        return Promise.resolve({ href: code } as unknown as ThemeSheet);
      },
      show: (shown) => events.push(shown ? 'show loaded' : 'show none'),
    };
    return { themes, events };
  }
  const noBody = { classList: { add: () => undefined, remove: () => undefined, [Symbol.iterator]: () => [][Symbol.iterator]() } };

  it('load the client’s theme with its lookup, and wear it when the client is selected', async () => {
    api.getClient.mockResolvedValue(client);
    api.getClientUrl.mockResolvedValue('');
    api.getExternalCardLink.mockResolvedValue('');
    const { themes, events } = recordingThemes();
    const actor = createActor(clientMachine.provide(createClientImplementations({ storage: { set: () => undefined }, body: noBody, themes }))).start();
    expect(events).toEqual(['show none']);
    actor.send({ type: 'client.select', code: 'DLT', billingGroup: '52' });
    await waitFor(actor, (s) => s.hasTag('selected'));
    expect(events).toEqual(['show none', 'load DLT/52', 'show loaded']);
    actor.send({ type: 'client.clear' });
    expect(events.at(-1)).toBe('show none');
    actor.stop();
  });

  it('wear no theme when the lookup fails (the one it loaded goes with it)', async () => {
    api.getClient.mockRejectedValue(new ApiError('notFound', 404));
    const { themes, events } = recordingThemes();
    const actor = createActor(clientMachine.provide(createClientImplementations({ storage: { set: () => undefined }, body: noBody, themes }))).start();
    actor.send({ type: 'client.select', code: 'XYZ' });
    await waitFor(actor, (s) => s.matches('unknown'));
    expect(events).toEqual(['show none', 'load XYZ/', 'show none']);
    actor.stop();
  });
});
