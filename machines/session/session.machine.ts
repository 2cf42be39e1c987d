import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  Credentials,
  SessionCheckResult,
  SessionContext,
  SessionErrorCode,
  SessionEvent,
  SessionTag,
} from './session.types';

const sessionErrorCodes: readonly SessionErrorCode[] = ['invalidCredentials', 'tooManyRequests', 'network', 'serverError'];

/** Reads the error code an effect rejected with; anything unknown counts as a server error. */
export function toSessionErrorCode(error: unknown): SessionErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return sessionErrorCodes.find((known) => known === code) ?? 'serverError';
}

/**
 * The portal's session: is anyone signed in, and as whom. Views and route guards read its
 * snapshot (tags `resolving` and `signedIn`); the effects (HTTP calls, navigation) are provided
 * by the app with `sessionMachine.provide(...)`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  actors: {
    checkSession: fromPromise<SessionCheckResult>(() => Promise.reject(new Error('checkSession not provided'))),
    logIn: fromPromise<SessionCheckResult, Credentials>(() => Promise.reject(new Error('logIn not provided'))),
    logOut: fromPromise<{ url: string }>(() => Promise.reject(new Error('logOut not provided'))),
  },
  actions: {
    forgetUser: assign({ role: null, account: null }),
    navigateAfterLogout: (_, _params: { url: string }) => {},
    reportStartupFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isActiveUser: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingUser',
    isActiveGuest: (_, result: SessionCheckResult) =>
      result.status.isUserActive && result.status.userRole === 'ClientBillingGuest',
  },
}).createMachine({
  id: 'session',
  context: { role: null, account: null, hasLoggedInBefore: false, loginError: null },
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
            guard: { type: 'isActiveUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ role: 'ClientBillingUser', account: ({ event }) => event.output.account }),
          },
          {
            guard: { type: 'isActiveGuest', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ role: 'ClientBillingGuest', account: ({ event }) => event.output.account }),
          },
          {
            description: 'Nobody, or an inactive user, is signed in.',
            target: 'anonymous',
            actions: 'forgetUser',
          },
        ],
        onError: {
          description: 'A failed check is logged and the visitor is treated as not signed in.',
          target: 'anonymous',
          actions: ['forgetUser', { type: 'reportStartupFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    anonymous: {
      description: 'Nobody is signed in: only open routes are allowed.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.login': {
              target: 'authenticating',
              actions: assign({ loginError: null }),
            },
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
                actions: assign({
                  role: 'ClientBillingUser',
                  account: ({ event }) => event.output.account,
                  hasLoggedInBefore: true,
                }),
              },
              {
                description: 'The server accepted the password but the user is not active: treated as a failed sign-in.',
                target: 'idle',
                actions: assign({ loginError: 'invalidCredentials' }),
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({ loginError: ({ event }) => toSessionErrorCode(event.error) }),
            },
          },
        },
      },
    },
    signedIn: {
      description: 'An active ClientBillingUser or ClientBillingGuest is signed in.',
      tags: ['signedIn'],
      on: {
        'session.logout': 'loggingOut',
      },
    },
    loggingOut: {
      description: 'Ends the server session (Logout); the role is cleared whether or not the call succeeds.',
      tags: ['busy'],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          target: 'anonymous',
          actions: ['forgetUser', { type: 'navigateAfterLogout', params: ({ event }) => ({ url: event.output.url }) }],
        },
        onError: {
          target: 'anonymous',
          actions: ['forgetUser', { type: 'navigateAfterLogout', params: { url: '' } }],
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
