import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type NonReducibleUnknown } from 'xstate';
import type { AuthenticationMessage, ExtendAuthentication, LogoutResponse } from '@contracts/session';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import type {
  ChosenRole,
  LogoutDestination,
  LogoutReason,
  SessionCheckResult,
  TabNews,
  TabsEvent,
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
  passwordExpiryDays: result.passwordExpiryDays ?? -1,
  // A new session: when it ends is known from its first poll, not from the one before it.
  sessionEndsAt: null,
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
    /**
     * Talks to the browser's other tabs (one server session): tells them of a sign-in or sign-out
     * here, and reports theirs as `session.recheck` (a sign-in) or `session.otherTabSignedOut`.
     */
    shareWithOtherTabs: fromCallback<TabsEvent, NonReducibleUnknown, SessionEvent>(() => () => {}),
  },
  actions: {
    forgetUser: assign({ role: null, account: null, isAccountDisabled: false, secondsLeft: 0, sessionEndsAt: null, passwordExpiryDays: -1 }),
    /** Keeps the server's answer and the instant it means, which the warning counts down to. */
    rememberTimeLeft: assign((_, { secondsLeft }: { secondsLeft: number }) => ({ secondsLeft, sessionEndsAt: endsIn(secondsLeft) })),
    /** A signed-in user or guest, as the server's check or sign-in answered. */
    rememberSignedIn: assign((_, result: SessionCheckResult) => signedInUser(result)),
    chooseRole: assign((_, { role }: { role: ChosenRole }) => ({ chosenRole: role })),
    forgetChosenRole: assign({ chosenRole: null }),
    /** A sign-in starts: the last error and sign-out reason go, the way of signing in stays chosen. */
    startSignIn: assign((_, { role }: { role: ChosenRole }) => ({ loginError: null, logoutReason: null, chosenRole: role })),
    /** The sign-in was refused: its code is kept for the message. */
    refuseSignIn: assign((_, { error }: { error: SessionErrorCode }) => ({ loginError: error })),
    /** Why the session ends, and where the browser goes afterwards. */
    signOutFor: assign((_, { reason, destination }: { reason: LogoutReason; destination: LogoutDestination }) => ({
      logoutReason: reason,
      logoutDestination: destination,
    })),
    keepPasswordExpiry: assign((_, { passwordExpiryDays }: { passwordExpiryDays: number }) => ({ passwordExpiryDays })),
    rememberAccountDisabled: (_, _params: { disabled: boolean }) => {},
    navigateAfterLogout: (_, _params: { url: string; destination: SessionContext['logoutDestination'] }) => {},
    reportStartupFailure: (_, _params: { error: unknown }) => {},
    /** Tells whoever runs the session (the app's root) that someone is signed in, under this billing group. */
    announceSignedIn: (_, _params: { billingGroup: string | null }) => {},
    /** Tells whoever runs the session that nobody is signed in any more (or the session is being checked again). */
    announceSignedOut: () => {},
    /** Tells the browser's other tabs of a sign-in or sign-out in this one (not of one a check found). */
    tellOtherTabs: sendTo('shareWithOtherTabs', (_, { news }: { news: TabNews }) => ({ type: 'tabs.tell' as const, news })),
  },
  guards: {
    isActiveSignedIn: (_, result: SessionCheckResult) => result.status.isUserActive && result.status.userRole !== null,
    isActiveUser: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingUser',
    isActiveGuest: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingGuest',
    isGuestRole: ({ context }) => context.role === 'ClientBillingGuest',
    isAccountDisabled: ({ context }) => context.isAccountDisabled,
    isPasswordExpired: ({ context }) => context.passwordExpiryDays === 0,
    hasSessionEnded: (_, check: AuthenticationMessage) => check.secondsLeft <= 0,
    /** Ended more than a poll and a margin before the time the last answer gave: not inactivity. */
    hasEndedEarly: ({ context }, check: AuthenticationMessage) =>
      check.secondsLeft <= 0 && context.sessionEndsAt !== null && context.sessionEndsAt - Date.now() > endedEarlyMarginMs,
    isWarningDue: (_, check: AuthenticationMessage) => check.display,
  },
  delays: {
    ...sessionDelays,
    /** The next poll: never later than the end of the session the last check announced, so that end is noticed when it comes. */
    pollInterval: ({ context }) =>
      context.sessionEndsAt === null
        ? sessionDelays.pollInterval
        : Math.min(sessionDelays.pollInterval, Math.max(0, context.sessionEndsAt - Date.now())),
    /** Until the server session ends, as the last check said. */
    sessionEnd: ({ context }) => Math.max(0, context.secondsLeft) * 1000,
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in, and keeping them signed in: the start-up check, signing in as a billing user or a guest, the expiry warning, signing out.',
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
    passwordExpiryDays: -1,
  },
  invoke: { id: 'shareWithOtherTabs', src: 'shareWithOtherTabs' },
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks the server whether this browser already has a signed-in, active user (GetIsUserLoggedIn). Guarded pages wait.',
      meta: { requirements: ['SES-1'] },
      tags: ['resolving'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            description: 'An active billing user or guest is signed in.',
            guard: { type: 'isActiveSignedIn', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'rememberSignedIn', params: ({ event }) => event.output },
            meta: { requirements: ['SES-1', 'SES-2'] },
          },
          {
            description: 'Nobody, or an inactive user, is signed in.',
            target: 'anonymous',
            actions: 'forgetUser',
            meta: { requirements: ['SES-1', 'SES-2'] },
          },
        ],
        onError: {
          description: 'The check failed (the server or the network): logged, and said on the page; nobody is assumed signed out.',
          target: 'checkFailed',
          actions: ['forgetUser', { type: 'reportStartupFailure', params: ({ event }) => ({ error: event.error }) }],
          meta: { requirements: ['SES-14'] },
        },
      },
    },
    checkFailed: {
      description:
        'Whether anyone is signed in is not known: the page says so and offers Try again (session.recheck). Guarded pages wait rather than sending the visitor to sign in.',
      meta: { requirements: ['SES-14'] },
      tags: ['resolving', 'checkFailed'],
      on: {
        'session.otherTabSignedOut': {
          description: 'Another tab signed out: the check is made again here (a tab still signed in learns of it from its next poll instead).',
          target: 'checking',
          meta: { requirements: ['SES-16'] },
        },
      },
    },
    anonymous: {
      description: 'Nobody is signed in: only open pages are allowed, and the menu offers the ways to sign in.',
      meta: { requirements: ['SES-3'] },
      initial: 'roleNotChosen',
      states: {
        roleNotChosen: {
          description: 'The visitor has not picked how to sign in (as a billing user, or as a guest with an invoice).',
          meta: { requirements: ['SES-3'] },
          on: {
            'session.chooseRole': {
              description: 'The visitor picks how to sign in.',
              target: 'roleChosen',
              actions: { type: 'chooseRole', params: ({ event }) => ({ role: event.role }) },
              meta: { requirements: ['SES-3'] },
            },
          },
        },
        roleChosen: {
          description: 'The visitor picked how to sign in; the matching form is offered, with the last sign-in error if any.',
          meta: { requirements: ['SES-3'] },
          on: {
            'session.chooseRole': {
              description: 'The visitor picks the other way of signing in.',
              actions: { type: 'chooseRole', params: ({ event }) => ({ role: event.role }) },
              meta: { requirements: ['SES-3'] },
            },
            'session.clearRole': {
              description: 'The visitor leaves the sign-in form for the home page: back to choosing how to sign in.',
              target: 'roleNotChosen',
              actions: 'forgetChosenRole',
              meta: { requirements: ['SES-3'] },
            },
          },
        },
        authenticating: {
          description: 'The email and password are being checked by the server (Login).',
          meta: { requirements: ['SES-4'] },
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
                description: 'The server accepted the password and the billing user is active: signed in.',
                guard: { type: 'isActiveUser', params: ({ event }) => event.output },
                target: '#session.signedIn',
                actions: [{ type: 'rememberSignedIn', params: ({ event }) => event.output }, { type: 'tellOtherTabs', params: { news: 'signedIn' } }],
                meta: { requirements: ['SES-2', 'SES-4', 'SES-16'] },
              },
              {
                description: 'The server accepted the password but the user is not active: treated as a failed sign-in.',
                target: 'roleChosen',
                actions: { type: 'refuseSignIn', params: { error: 'invalidCredentials' } },
                meta: { requirements: ['SES-2', 'SES-4'] },
              },
            ],
            onError: {
              description: 'The sign-in was refused (a wrong email or password alike, too many attempts, or a failure): its code is kept for the message.',
              target: 'roleChosen',
              actions: { type: 'refuseSignIn', params: ({ event }) => ({ error: toSessionErrorCode(event.error) }) },
              meta: { requirements: ['SES-4'] },
            },
          },
        },
        authenticatingGuest: {
          description: 'The account number and invoice number are being checked by the server (guest sign-in).',
          meta: { requirements: ['SES-5'] },
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
                description: 'An active guest session: signed in.',
                guard: { type: 'isActiveGuest', params: ({ event }) => event.output },
                target: '#session.signedIn',
                actions: [{ type: 'rememberSignedIn', params: ({ event }) => event.output }, { type: 'tellOtherTabs', params: { news: 'signedIn' } }],
                meta: { requirements: ['SES-2', 'SES-5', 'SES-16'] },
              },
              {
                description: 'Anything but an active guest session is a failed guest sign-in.',
                target: 'roleChosen',
                actions: { type: 'refuseSignIn', params: { error: 'invalidCredentials' } },
                meta: { requirements: ['SES-2', 'SES-5'] },
              },
            ],
            onError: {
              description: 'The guest sign-in was refused (whichever number was wrong, too many attempts, or a failure): its code is kept for the message.',
              target: 'roleChosen',
              actions: { type: 'refuseSignIn', params: ({ event }) => ({ error: toSessionErrorCode(event.error) }) },
              meta: { requirements: ['SES-5'] },
            },
          },
        },
      },
      on: {
        'session.login': {
          description: 'Signs in with email and password, in the current language, under the client of the address.',
          target: '.authenticating',
          actions: { type: 'startSignIn', params: { role: 'ClientBillingUser' } },
          meta: { requirements: ['SES-4'] },
        },
        'session.guestLogin': {
          description: 'Signs in as a guest with an account number and one of its invoice numbers.',
          target: '.authenticatingGuest',
          actions: { type: 'startSignIn', params: { role: 'ClientBillingGuest' } },
          meta: { requirements: ['SES-5'] },
        },
      },
    },
    signedIn: {
      description:
        'An active billing user (ClientBillingUser) or guest (ClientBillingGuest) is signed in. What they may see, and keeping the session alive, run side by side.',
      meta: { requirements: ['SES-2', 'SES-6'] },
      tags: ['signedIn'],
      entry: { type: 'announceSignedIn', params: ({ context }) => ({ billingGroup: context.account?.billingGroup ?? null }) },
      exit: 'announceSignedOut',
      type: 'parallel',
      states: {
        access: {
          description: 'What the signed-in person may see.',
          meta: { requirements: ['SES-6'] },
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Picks what the signed-in person may see, from the role and the disabled-account flag.',
              meta: { requirements: ['SES-6', 'SES-7'] },
              always: [
                { description: 'A guest.', guard: 'isGuestRole', target: 'guest', meta: { requirements: ['SES-6'] } },
                {
                  description: 'A billing user whose password has expired (GetIsPasswordExpired), before anything else.',
                  guard: 'isPasswordExpired',
                  target: 'passwordExpired',
                  meta: { requirements: ['ACC-5'] },
                },
                {
                  description: 'A billing user whose account is disabled.',
                  guard: 'isAccountDisabled',
                  target: 'accountDisabled',
                  meta: { requirements: ['SES-7'] },
                },
                { description: 'A billing user whose account is enabled.', target: 'user', meta: { requirements: ['SES-6'] } },
              ],
            },
            user: {
              description: 'A billing user (ClientBillingUser): every account and payment page.',
              meta: { requirements: ['SES-6'] },
              // Signing out on every device is a billing user's: the member information page, which a guest never sees.
              on: {
                'session.signedOutEverywhere': {
                  description: 'The server ended every session of the user, this one included: the sign-in page says so.',
                  target: '#session.loggingOut',
                  actions: { type: 'signOutFor', params: { reason: 'everywhere', destination: 'login' } },
                  meta: { requirements: ['SES-13', 'ACC-25'] },
                },
              },
            },
            accountDisabled: {
              description: 'A billing user whose account is disabled: invoices, the email change and payments are hidden.',
              meta: { requirements: ['SES-7'] },
              entry: { type: 'rememberAccountDisabled', params: { disabled: true } },
              on: {
                'session.signedOutEverywhere': {
                  description: 'The server ended every session of the user, this one included: the sign-in page says so.',
                  target: '#session.loggingOut',
                  actions: { type: 'signOutFor', params: { reason: 'everywhere', destination: 'login' } },
                  meta: { requirements: ['SES-13', 'ACC-25'] },
                },
              },
            },
            guest: {
              description: 'A guest (ClientBillingGuest) who signed in with an invoice: invoices and payment only.',
              meta: { requirements: ['SES-6'] },
            },
            passwordExpired: {
              description:
                'A billing user whose password expired or was marked for change: every page leads to update password, which is left only by changing it (or signing out).',
              meta: { requirements: ['ACC-5'] },
            },
          },
          on: {
            'session.passwordChanged': {
              description: 'The password was changed: its new expiry is kept, and an expired one no longer holds the pages back.',
              target: '.choosing',
              actions: { type: 'keepPasswordExpiry', params: ({ event }) => ({ passwordExpiryDays: event.passwordExpiryDays }) },
              meta: { requirements: ['ACC-5', 'ACC-8'] },
            },
          },
        },
        expiry: {
          description:
            'Keeps watch over the session: at each poll interval (pollInterval) the server is asked whether to warn; asking never extends the session.',
          meta: { requirements: ['SES-8'] },
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waits for the next poll.',
              meta: { requirements: ['SES-8'] },
              after: {
                pollInterval: { description: 'Time for the next poll.', target: 'polling', meta: { requirements: ['SES-8'] } },
              },
              on: {
                'session.resume': {
                  description:
                    'The page resumed this session from a snapshot (the server rendered the first screen): timers do not travel with a snapshot, so the wait for the next poll starts again.',
                  target: 'waiting',
                  reenter: true,
                  meta: { requirements: ['SES-8'] },
                },
              },
            },
            polling: {
              description: 'Asks the server whether to warn, and how long the session has left (GetShouldDisplayAuthenticationMessage).',
              meta: { requirements: ['SES-8'] },
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
                      { type: 'signOutFor', params: { reason: 'elsewhere', destination: 'loginAndReturn' } },
                    ],
                    meta: { requirements: ['SES-15'] },
                  },
                  {
                    description: 'The server session has already ended.',
                    guard: { type: 'hasSessionEnded', params: ({ event }) => event.output },
                    target: 'expiring',
                    actions: { type: 'rememberTimeLeft', params: { secondsLeft: 0 } },
                    meta: { requirements: ['SES-11'] },
                  },
                  {
                    description: 'The server says the warning is due: the session is about to end.',
                    guard: { type: 'isWarningDue', params: ({ event }) => event.output },
                    target: 'warning',
                    actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                    meta: { requirements: ['SES-9'] },
                  },
                  {
                    description: 'Time enough is left: wait for the next poll.',
                    target: 'waiting',
                    actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                    meta: { requirements: ['SES-8'] },
                  },
                ],
                onError: {
                  description: 'A failed poll is tried again at the next interval.',
                  target: 'waiting',
                  meta: { requirements: ['SES-8'] },
                },
              },
            },
            warning: {
              description:
                'An accessible dialog asks whether to continue, counting down each second to the end of the session (sessionEndsAt, from the last answer of the server); a polite live region reads the time when it opens, at each full minute and twice near the end, never every second. Polling has stopped.',
              meta: { requirements: ['SES-9', 'DEC-2'] },
              tags: ['warning'],
              after: {
                sessionEnd: { target: 'expiring', description: 'Nobody answered before the session ended.', meta: { requirements: ['SES-11'] } },
              },
              on: {
                'session.extend': { description: 'The user chooses to continue.', target: 'extending', meta: { requirements: ['SES-10'] } },
                'session.decline': { description: 'The user chooses not to continue.', target: 'expiring', meta: { requirements: ['SES-11'] } },
              },
            },
            extending: {
              description: 'The user chose to continue: the session is extended (ExtendAuthentication), then polling restarts.',
              meta: { requirements: ['SES-10', 'DEC-1'] },
              tags: ['busy'],
              invoke: {
                id: 'extendAuthentication',
                src: 'extendAuthentication',
                onDone: {
                  description: 'Extended: polling starts again, counting from the new end.',
                  target: 'waiting',
                  actions: { type: 'rememberTimeLeft', params: ({ event }) => ({ secondsLeft: event.output.secondsLeft }) },
                  meta: { requirements: ['SES-10'] },
                },
                onError: {
                  description: 'The session could not be extended: the inactivity message, then signing out.',
                  target: 'expiring',
                  meta: { requirements: ['SES-10'] },
                },
              },
            },
            expiring: {
              description: 'The inactivity message (Default.InactivityMessage) is shown as an alert; the user is then signed out.',
              meta: { requirements: ['SES-10', 'SES-11', 'SES-13'] },
              tags: ['expiring'],
              entry: { type: 'signOutFor', params: { reason: 'inactivity', destination: 'login' } },
              after: {
                inactivityNoticeTimeout: {
                  target: '#session.loggingOut',
                  description: 'Nobody acknowledged the notice: the user is signed out all the same.',
                  meta: { requirements: ['DEC-2'] },
                },
              },
              on: {
                'session.acknowledgeExpiry': {
                  description: 'The user acknowledges the notice.',
                  target: '#session.loggingOut',
                  meta: { requirements: ['SES-11'] },
                },
              },
            },
          },
        },
      },
      on: {
        'session.logout': {
          description: 'The user signs out: afterwards the browser follows the address the server gives.',
          target: 'loggingOut',
          actions: { type: 'signOutFor', params: { reason: 'user', destination: 'serverUrl' } },
          meta: { requirements: ['SES-12', 'SES-13'] },
        },
      },
    },
    loggingOut: {
      description:
        "Ends the server session (Logout). The role is forgotten and the disabled-account flag reset whether or not the call succeeds; then the browser goes to the server's address (when there is one, a client is set and the address is safe), else to the landing page, or to the login page.",
      meta: { requirements: ['SES-12'] },
      tags: ['busy'],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          description: "Signed out: the browser leaves for where the way of signing out says, with the server's address.",
          target: 'anonymous',
          actions: [
            'forgetUser',
            { type: 'rememberAccountDisabled', params: { disabled: false } },
            {
              type: 'navigateAfterLogout',
              params: ({ context, event }) => ({ url: event.output.url, destination: context.logoutDestination }),
            },
            { type: 'tellOtherTabs', params: { news: 'signedOut' } },
          ],
          meta: { requirements: ['SES-12', 'SES-13'] },
        },
        onError: {
          description: "The server did not answer: signed out here all the same, without the server's address.",
          target: 'anonymous',
          actions: [
            'forgetUser',
            { type: 'rememberAccountDisabled', params: { disabled: false } },
            { type: 'navigateAfterLogout', params: ({ context }) => ({ url: '', destination: context.logoutDestination }) },
            { type: 'tellOtherTabs', params: { news: 'signedOut' } },
          ],
          meta: { requirements: ['SES-12', 'SES-13'] },
        },
      },
    },
  },
  on: {
    'session.recheck': {
      description:
        'Asks the server again: Try again after a failed check, another tab signing in, or another tab signing out while the check here had failed.',
      target: '.checking',
      meta: { requirements: ['SES-16'] },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
