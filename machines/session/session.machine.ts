import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AuthenticationMessage, ExtendAuthentication, LogoutResponse } from '@contracts/session';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import type {
  SessionCheckResult,
  SessionContext,
  SessionErrorCode,
  SessionEvent,
  SessionTag,
} from './session.types';

const sessionErrorCodes: readonly SessionErrorCode[] = ['invalidCredentials', 'invalidRequest', 'accountNotActivated', 'tooManyRequests', 'network', 'serverError'];

/** Reads the error code an effect rejected with; anything unknown counts as a server error. */
export function toSessionErrorCode(error: unknown): SessionErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return sessionErrorCodes.find((known) => known === code) ?? 'serverError';
}

/** The session's timings: named so the app's configuration and the tests can change them. */
export const sessionDelays = {
  /** How often the server is asked whether to warn (GetShouldDisplayAuthenticationMessage). */
  pollInterval: 10000,
  /** How long the inactivity notice waits for an answer before signing out by itself. */
  inactivityNoticeTimeout: 30000,
} as const;

/** An end this much earlier than expected cannot be inactivity (a poll is 10 s apart). */
const endedEarlyMarginMs = 15000;

/** The instant a session with this many seconds left ends: the deadline the warning counts down to. */
const endsIn = (secondsLeft: number): number => Date.now() + Math.max(0, secondsLeft) * 1000;

const signedInUser = (result: SessionCheckResult) => ({
  role: result.status.userRole,
  account: result.account,
  isAccountDisabled: result.status.isAccountDisabled === true,
  hasLoggedInBefore: true,
  loginError: null,
  logoutReason: null,
});

/**
 * The portal's session: who is signed in, and keeping them signed in. Views and route guards
 * read its snapshot (tags `resolving`, `signedIn`, `warning`, `expiring`); every effect (HTTP
 * calls, storage, navigation) is provided by the app with `sessionMachine.provide(...)`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  actors: {
    checkSession: fromPromise<SessionCheckResult>(() => Promise.reject(new Error('checkSession not provided'))),
    logIn: fromPromise<SessionCheckResult, LoginRequest>(() => Promise.reject(new Error('logIn not provided'))),
    logInGuest: fromPromise<SessionCheckResult, GuestLoginRequest>(() => Promise.reject(new Error('logInGuest not provided'))),
    checkExpiry: fromPromise<AuthenticationMessage>(() => Promise.reject(new Error('checkExpiry not provided'))),
    extendAuthentication: fromPromise<ExtendAuthentication>(() =>
      Promise.reject(new Error('extendAuthentication not provided')),
    ),
    logOut: fromPromise<LogoutResponse>(() => Promise.reject(new Error('logOut not provided'))),
  },
  actions: {
    forgetUser: assign({ role: null, account: null, isAccountDisabled: false, secondsLeft: 0, sessionEndsAt: null }),
    /** Keeps the server's answer and the instant it means, which the warning counts down to. */
    rememberTimeLeft: assign((_, { secondsLeft }: { secondsLeft: number }) => ({ secondsLeft, sessionEndsAt: endsIn(secondsLeft) })),
    rememberAccountDisabled: (_, _params: { disabled: boolean }) => {},
    navigateAfterLogout: (_, _params: { url: string; destination: SessionContext['logoutDestination'] }) => {},
    reportStartupFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isActiveSignedIn: (_, result: SessionCheckResult) => result.status.isUserActive && result.status.userRole !== null,
    isActiveUser: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingUser',
    isActiveGuest: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingGuest',
    isGuestRole: ({ context }) => context.role === 'ClientBillingGuest',
    isAccountDisabled: ({ context }) => context.isAccountDisabled,
    hasSessionEnded: (_, check: AuthenticationMessage) => check.secondsLeft <= 0,
    /** Ended more than a poll and a margin before the time the last answer gave: not inactivity. */
    hasEndedEarly: ({ context }, check: AuthenticationMessage) =>
      check.secondsLeft <= 0 && context.sessionEndsAt !== null && context.sessionEndsAt - Date.now() > endedEarlyMarginMs,
    isWarningDue: (_, check: AuthenticationMessage) => check.display,
  },
  delays: {
    ...sessionDelays,
    /** Until the server session ends, as the last check said. */
    sessionEnd: ({ context }) => Math.max(0, context.secondsLeft) * 1000,
  },
}).createMachine({
  id: 'session',
  context: {
    role: null,
    account: null,
    isAccountDisabled: false,
    hasLoggedInBefore: false,
    chosenRole: null,
    loginError: null,
    secondsLeft: 0,
    sessionEndsAt: null,
    logoutReason: null,
    logoutDestination: 'serverUrl',
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks the server whether this browser already has a signed-in, active user (GetIsUserLoggedIn).',
      tags: ['resolving'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'isActiveSignedIn', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign(({ event }) => signedInUser(event.output)),
          },
          {
            description: 'Nobody, or an inactive user, is signed in.',
            target: 'anonymous',
            actions: 'forgetUser',
          },
        ],
        onError: {
          description: 'The check failed (the server or the network): logged, and said on the page; nobody is assumed signed out.',
          target: 'checkFailed',
          actions: ['forgetUser', { type: 'reportStartupFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    checkFailed: {
      description:
        'Whether anyone is signed in is not known: the page says so and offers Try again (session.recheck). Guarded pages wait rather than sending the visitor to sign in.',
      tags: ['resolving', 'checkFailed'],
    },
    anonymous: {
      description: 'Nobody is signed in: only open routes are allowed. The sidebar shows the role chooser.',
      initial: 'roleNotChosen',
      states: {
        roleNotChosen: {
          description: 'The visitor has not picked how to sign in (as a billing user, or as a guest with an invoice).',
          on: {
            'session.chooseRole': {
              target: 'roleChosen',
              actions: assign({ chosenRole: ({ event }) => event.role }),
            },
          },
        },
        roleChosen: {
          description: 'The visitor picked how to sign in; the matching form is offered.',
          on: {
            'session.chooseRole': { actions: assign({ chosenRole: ({ event }) => event.role }) },
            'session.clearRole': { target: 'roleNotChosen', actions: assign({ chosenRole: null }) },
          },
        },
        authenticating: {
          description: 'The email and password are being checked by the server (Login).',
          tags: ['busy'],
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: ({ event }) => {
              assertEvent(event, 'session.login');
              const { type: _type, ...credentials } = event;
              return credentials;
            },
            onDone: [
              {
                guard: { type: 'isActiveUser', params: ({ event }) => event.output },
                target: '#session.signedIn',
                actions: assign(({ event }) => signedInUser(event.output)),
              },
              {
                description: 'The server accepted the password but the user is not active: treated as a failed sign-in.',
                target: 'roleChosen',
                actions: assign({ loginError: 'invalidCredentials' }),
              },
            ],
            onError: {
              target: 'roleChosen',
              actions: assign({ loginError: ({ event }) => toSessionErrorCode(event.error) }),
            },
          },
        },
        authenticatingGuest: {
          description: 'The account number and invoice number are being checked by the server (guest sign-in).',
          tags: ['busy'],
          invoke: {
            id: 'logInGuest',
            src: 'logInGuest',
            input: ({ event }) => {
              assertEvent(event, 'session.guestLogin');
              const { type: _type, ...credentials } = event;
              return credentials;
            },
            onDone: [
              {
                guard: { type: 'isActiveGuest', params: ({ event }) => event.output },
                target: '#session.signedIn',
                actions: assign(({ event }) => signedInUser(event.output)),
              },
              {
                description: 'Anything but an active guest session is a failed guest sign-in.',
                target: 'roleChosen',
                actions: assign({ loginError: 'invalidCredentials' }),
              },
            ],
            onError: {
              target: 'roleChosen',
              actions: assign({ loginError: ({ event }) => toSessionErrorCode(event.error) }),
            },
          },
        },
      },
      on: {
        'session.login': {
          target: '.authenticating',
          actions: assign({ loginError: null, logoutReason: null, chosenRole: 'ClientBillingUser' }),
        },
        'session.guestLogin': {
          target: '.authenticatingGuest',
          actions: assign({ loginError: null, logoutReason: null, chosenRole: 'ClientBillingGuest' }),
        },
      },
    },
    signedIn: {
      description: 'An active ClientBillingUser or ClientBillingGuest is signed in. The session is kept alive while the user is there.',
      tags: ['signedIn'],
      type: 'parallel',
      states: {
        access: {
          description: 'What the signed-in person may see.',
          initial: 'choosing',
          states: {
            choosing: {
              always: [
                { guard: 'isGuestRole', target: 'guest' },
                { guard: 'isAccountDisabled', target: 'accountDisabled' },
                { target: 'user' },
              ],
            },
            user: { description: 'A billing user (ClientBillingUser): every account and payment screen.' },
            accountDisabled: {
              description: "A billing user whose account is disabled: invoices, update email and payments are hidden.",
              entry: { type: 'rememberAccountDisabled', params: { disabled: true } },
            },
            guest: { description: 'A guest (ClientBillingGuest) who signed in with an invoice: invoices and payment only.' },
          },
        },
        expiry: {
          description: `Session-expiry polling: every ${String(sessionDelays.pollInterval / 1000)} s (pollInterval) the server is asked whether to warn (this never extends the session).`,
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollInterval: 'polling' },
              on: {
                'session.resume': {
                  description:
                    'The page resumed this session from a snapshot (the server rendered the first screen): timers do not travel with a snapshot, so the wait for the next poll starts again.',
                  target: 'waiting',
                  reenter: true,
                },
              },
            },
            polling: {
              invoke: {
                id: 'checkExpiry',
                src: 'checkExpiry',
                onDone: [
                  {
                    description:
                      'The server session ended well before its time: signed out in another tab or window, not inactivity. The sign-in page says so and returns to this page.',
                    guard: { type: 'hasEndedEarly', params: ({ event }) => event.output },
                    target: '#session.loggingOut',
                    actions: [
                      { type: 'rememberTimeLeft', params: { secondsLeft: 0 } },
                      assign({ logoutReason: 'elsewhere', logoutDestination: 'loginAndReturn' }),
                    ],
                  },
                  {
                    description: 'The server session has already ended.',
                    guard: { type: 'hasSessionEnded', params: ({ event }) => event.output },
                    target: 'expiring',
                    actions: { type: 'rememberTimeLeft', params: { secondsLeft: 0 } },
                  },
                  {
                    description: 'The server says the warning is due: the session is about to end.',
                    guard: { type: 'isWarningDue', params: ({ event }) => event.output },
                    target: 'warning',
                    actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                  },
                  {
                    target: 'waiting',
                    actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                  },
                ],
                onError: {
                  description: 'A failed poll is tried again at the next interval.',
                  target: 'waiting',
                },
              },
            },
            warning: {
              description:
                "The dialog 'Your session ends in 1 minute 47 seconds. Do you wish to continue?' is open, counting down each second to sessionEndsAt (the last check's secondsLeft from when it answered); a polite live region says the time on opening, at each full minute, and at 30 s and 10 s. Polling has stopped.",
              tags: ['warning'],
              after: {
                sessionEnd: { target: 'expiring', description: 'Nobody answered before the session ended.' },
              },
              on: {
                'session.extend': 'extending',
                'session.decline': 'expiring',
              },
            },
            extending: {
              description: 'The user chose to continue: the session is extended (ExtendAuthentication), then polling restarts.',
              tags: ['busy'],
              invoke: {
                id: 'extendAuthentication',
                src: 'extendAuthentication',
                onDone: {
                  target: 'waiting',
                  actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                },
                onError: 'expiring',
              },
            },
            expiring: {
              description: 'The inactivity message (Default.InactivityMessage) is shown as an alert; the user is then signed out.',
              tags: ['expiring'],
              entry: assign({ logoutReason: 'inactivity', logoutDestination: 'login' }),
              after: {
                inactivityNoticeTimeout: { target: '#session.loggingOut', description: 'Nobody acknowledged the notice.' },
              },
              on: {
                'session.acknowledgeExpiry': '#session.loggingOut',
              },
            },
          },
        },
      },
      on: {
        'session.logout': {
          target: 'loggingOut',
          actions: assign({ logoutReason: 'user', logoutDestination: 'serverUrl' }),
        },
        'session.logoutToLogin': {
          description: 'The second logout variant: always back to the login page.',
          target: 'loggingOut',
          actions: assign({ logoutReason: 'user', logoutDestination: 'login' }),
        },
        'session.signedOutEverywhere': {
          description: 'The server ended every session of the user, this one included: the sign-in page says so.',
          target: 'loggingOut',
          actions: assign({ logoutReason: 'everywhere', logoutDestination: 'login' }),
        },
      },
    },
    loggingOut: {
      description:
        'Ends the server session (Logout). The role is cleared and the disabled-account flag reset whether or not the call succeeds; then the browser goes to the server\'s url (when non-empty and a client is set) or the landing page, or to /login.',
      tags: ['busy'],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          target: 'anonymous',
          actions: [
            'forgetUser',
            { type: 'rememberAccountDisabled', params: { disabled: false } },
            {
              type: 'navigateAfterLogout',
              params: ({ context, event }) => ({ url: event.output.url, destination: context.logoutDestination }),
            },
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            'forgetUser',
            { type: 'rememberAccountDisabled', params: { disabled: false } },
            { type: 'navigateAfterLogout', params: ({ context }) => ({ url: '', destination: context.logoutDestination }) },
          ],
        },
      },
    },
  },
  on: {
    'session.recheck': {
      description: 'Asks the server again, e.g. after another tab signed in or out.',
      target: '.checking',
    },
  },
});

export type SessionMachine = typeof sessionMachine;
