import { assign, fromPromise, setup } from 'xstate';
import type {
  StaffExtended,
  StaffSessionContext,
  StaffSessionEvent,
  StaffSessionFailure,
  StaffSessionInput,
  StaffSessionTag,
  StaffTimeLeft,
} from './staff-session.types';

/** The staff session's timings: named so the app's configuration and the tests can change them. */
export const staffSessionDelays = {
  /** How often the console asks the server how long the session has left (a poll never extends it). */
  pollInterval: 10000,
} as const;

/** What a failed call to stay signed in means: the session had ended already, or a failure worth trying again. */
export function toStaffSessionError(error: unknown): StaffSessionFailure | 'ended' {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ended' || code === 'network') return code;
  return 'serverError';
}

/** The instant a session with this many seconds left ends. */
const endsIn = (secondsLeft: number): number => Date.now() + Math.max(0, secondsLeft) * 1000;

/**
 * Keeps a staff member signed in to the billing office's console, or lets them sign in again
 * where they are (WCAG 2.2.1): it asks the server how long the session has left, warns before the
 * end with a way to stay signed in, and once the session has ended (found by the poll, or by a
 * console call refused) the console signs in again over the screen, which keeps what was typed.
 * Every effect (the calls, leaving the console) is provided by the app.
 */
export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    input: {} as StaffSessionInput,
    tags: {} as StaffSessionTag,
  },
  actors: {
    /** GET api/console/session/time-left: never counts as activity. */
    checkTimeLeft: fromPromise<StaffTimeLeft>(() => Promise.reject(new Error('checkTimeLeft not provided'))),
    /** POST api/console/session/extend (with the anti-forgery token); rejects with `{ code: 'ended' }` once the session has ended. */
    extendSession: fromPromise<StaffExtended>(() => Promise.reject(new Error('extendSession not provided'))),
    /** POST api/console/sign-out. */
    signOut: fromPromise<unknown>(() => Promise.reject(new Error('signOut not provided'))),
  },
  actions: {
    /** Keeps the server's answer and the instant it means, which the warning counts down to. */
    rememberTimeLeft: assign((_, { secondsLeft }: { secondsLeft: number }) => ({ secondsLeft, sessionEndsAt: endsIn(secondsLeft) })),
    /** The sign-in in place is done: the new session's time left, the old failure gone. */
    startAgain: assign((_, { secondsLeft }: { secondsLeft: number }) => ({ secondsLeft, sessionEndsAt: endsIn(secondsLeft), failure: null })),
    keepFailure: assign((_, { failure }: { failure: StaffSessionFailure }) => ({ failure })),
    clearFailure: assign({ failure: null }),
    /** Signed out by choice: the console shows its sign-in page. */
    showSignedOut: () => {},
    /** Someone else signed in over the screen: the console opens afresh, nothing of the last person's kept. */
    openConsoleAfresh: () => {},
  },
  guards: {
    hasEnded: (_, { secondsLeft }: { secondsLeft: number }) => secondsLeft <= 0,
    isWarningDue: (_, { display }: { display: boolean }) => display,
    isSameStaff: ({ context }, { email }: { email: string }) => email.trim().toLowerCase() === context.email.trim().toLowerCase(),
    isSessionGone: (_, { error }: { error: unknown }) => toStaffSessionError(error) === 'ended',
  },
  delays: {
    /** The next poll: never later than the end the last answer gave, so that end is noticed when it comes. */
    pollInterval: ({ context }) => Math.min(staffSessionDelays.pollInterval, Math.max(0, context.sessionEndsAt - Date.now())),
    /** Until the session ends, as the last answer said. */
    sessionEnd: ({ context }) => Math.max(0, context.secondsLeft) * 1000,
  },
}).createMachine({
  id: 'staffSession',
  description:
    "Keeps a staff member signed in to the billing office's console: a poll of the time left that never extends the session, a warning shortly before the end with Stay signed in, and, once the session has ended, a sign-in over the screen that keeps what was typed.",
  context: ({ input }) => ({ email: input.email, secondsLeft: input.secondsLeft, sessionEndsAt: endsIn(input.secondsLeft), failure: null }),
  initial: 'signedIn',
  states: {
    signedIn: {
      description: 'Signed in: the console works, and the time left is watched.',
      meta: { requirements: ['OFF-10'] },
      initial: 'waiting',
      on: {
        'staffSession.refused': {
          description: 'A console call was refused because the session had ended (401): the console says so and offers to sign in again where the staff member is.',
          target: 'ended',
          meta: { requirements: ['OFF-11'] },
        },
      },
      states: {
        waiting: {
          description: 'Until the next poll: a poll interval, or until the end the last answer gave if that comes first.',
          meta: { requirements: ['OFF-10'] },
          after: { pollInterval: { target: 'checking', description: 'Time to ask again.', meta: { requirements: ['OFF-10'] } } },
        },
        checking: {
          description: 'Asks the server how long the session has left (GET console/session/time-left); asking never counts as activity.',
          meta: { requirements: ['OFF-10'] },
          invoke: {
            id: 'checkTimeLeft',
            src: 'checkTimeLeft',
            onDone: [
              {
                description: 'The session has ended (idle, signed out elsewhere, or deactivated): the console says so.',
                guard: { type: 'hasEnded', params: ({ event }) => event.output },
                target: '#staffSession.ended',
                meta: { requirements: ['OFF-11'] },
              },
              {
                description: 'The server says the end is near: the warning opens.',
                guard: { type: 'isWarningDue', params: ({ event }) => event.output },
                target: 'warning',
                actions: { type: 'rememberTimeLeft', params: ({ event }) => event.output },
                meta: { requirements: ['OFF-10'] },
              },
              {
                description: 'Plenty of time left: wait for the next poll.',
                target: 'waiting',
                actions: { type: 'rememberTimeLeft', params: ({ event }) => event.output },
                meta: { requirements: ['OFF-10'] },
              },
            ],
            onError: { description: 'A failed poll is tried again at the next interval.', target: 'waiting', meta: { requirements: ['OFF-10'] } },
          },
        },
        warning: {
          description:
            'An accessible dialog takes the focus and counts down in words to the end of the session, with Stay signed in (the focus) and Sign out; a polite live region says the time when it opens, at each full minute and twice near the end. Polling has stopped.',
          meta: { requirements: ['OFF-10'] },
          tags: ['warning'],
          // A failure to stay signed in is said in the warning only, and goes with it.
          exit: 'clearFailure',
          after: {
            sessionEnd: {
              description: 'Nobody answered by the end: the server is asked whether the session really ended (another tab may have kept it).',
              target: 'checking',
              meta: { requirements: ['OFF-10', 'OFF-11'] },
            },
          },
          on: {
            'staffSession.stay': { description: 'The staff member chooses Stay signed in (or Escape).', target: 'extending', meta: { requirements: ['OFF-10'] } },
            'staffSession.signOut': { description: 'The staff member chooses Sign out.', target: '#staffSession.signingOut', meta: { requirements: ['OFF-10'] } },
          },
        },
        extending: {
          description: 'Stay signed in: the session is extended (POST console/session/extend, with the anti-forgery token); the warning stays open meanwhile.',
          meta: { requirements: ['OFF-10'] },
          tags: ['warning', 'busy'],
          invoke: {
            id: 'extendSession',
            src: 'extendSession',
            onDone: {
              description: 'Extended: the warning closes and polling starts again, counting from the new end.',
              target: 'waiting',
              actions: { type: 'rememberTimeLeft', params: ({ event }) => event.output },
              meta: { requirements: ['OFF-10'] },
            },
            onError: [
              {
                description: 'Too late: the session had ended. The console says so.',
                guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
                target: '#staffSession.ended',
                meta: { requirements: ['OFF-11'] },
              },
              {
                description: 'The network or the server failed: the warning says so, and Stay signed in can be tried again.',
                target: 'warning',
                actions: {
                  type: 'keepFailure',
                  params: ({ event }) => {
                    const failure = toStaffSessionError(event.error);
                    return { failure: failure === 'ended' ? 'serverError' : failure };
                  },
                },
                meta: { requirements: ['OFF-10'] },
              },
            ],
          },
        },
      },
    },
    ended: {
      description:
        'The session has ended: a dialog over the screen says so and signs in again there (email, password, second factor). The screen underneath stays as it was, with what was typed, so the refused action can be tried again.',
      meta: { requirements: ['OFF-11'] },
      tags: ['ended'],
      on: {
        'staffSession.signedIn': [
          {
            description: 'The same staff member signed in again: the dialog closes on the screen as it was, and the time left is watched again.',
            guard: { type: 'isSameStaff', params: ({ event }) => event },
            target: 'signedIn',
            actions: { type: 'startAgain', params: ({ event }) => event },
            meta: { requirements: ['OFF-11'] },
          },
          {
            description: "Someone else signed in: the console opens afresh, and nothing the last person typed is shown to them.",
            target: 'replaced',
            meta: { requirements: ['OFF-11'] },
          },
        ],
        'staffSession.signOut': { description: 'The staff member leaves instead of signing in again.', target: 'signingOut', meta: { requirements: ['OFF-11'] } },
      },
    },
    signingOut: {
      description: 'Ends the staff session on the server (POST console/sign-out).',
      meta: { requirements: ['OFF-10'] },
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { description: 'Signed out: the console shows its sign-in page.', target: 'signedOut', meta: { requirements: ['OFF-10'] } },
        onError: { description: 'The server did not answer: signed out here all the same.', target: 'signedOut', meta: { requirements: ['OFF-10'] } },
      },
    },
    signedOut: {
      description: 'Signed out by choice: the console shows its sign-in page.',
      type: 'final',
      entry: 'showSignedOut',
      meta: { requirements: ['OFF-10'] },
    },
    replaced: {
      description: 'Another staff member signed in over the screen: the console opens afresh for them.',
      type: 'final',
      entry: 'openConsoleAfresh',
      meta: { requirements: ['OFF-11'] },
    },
  },
});

export type StaffSessionMachine = typeof staffSessionMachine;
