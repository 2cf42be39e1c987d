import type { StaffRole, StaffSession } from '@contracts/console';
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { staffSessionMachine } from './staff-session.machine';
import { consoleChildIds, consoleRoles, staffRoleWords, type ConsoleContext, type ConsoleEvent, type ConsoleFailure, type ConsoleTag, type RoleTag, type SignedInStaff } from './console.types';

/** A role's tag, which guards and views ask instead of comparing role names. */
export const roleTag = (role: StaffRole): RoleTag => `role:${role}`;

/** What a failed call to learn the session means: the network, or else the server. */
export function toConsoleFailure(error: unknown): ConsoleFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'network' ? 'network' : 'serverError';
}

/**
 * The staff session as the root's child: it tells the root when it signed out or someone else
 * signed in over the screen (through the actions the root provides it; alone, as in its own tests
 * and chart, those actions do nothing).
 */
export const staffSessionChild = staffSessionMachine.provide({
  actions: {
    showSignedOut: sendParent({ type: 'console.signedOut' }),
    openConsoleAfresh: sendParent({ type: 'console.replaced' }),
  },
});

/** A signed-in staff member's role, as one state with its tag (the contracts' roles). */
const roleStates = Object.fromEntries(
  consoleRoles.map((role) => [
    role,
    {
      description: `Signed in as ${staffRoleWords[role]}: the console offers what this role may do.`,
      tags: [roleTag(role)],
      meta: { requirements: ['OFF-12'] },
    },
  ]),
) as Record<StaffRole, { description: string; tags: ConsoleTag[]; meta: { requirements: string[] } }>;

/** The contracts' last role, which may do the least. */
const leastAllowed: StaffRole = consoleRoles[consoleRoles.length - 1] ?? 'readOnly';

/** The way into each role's state from a signed-in session: a guard per role, the last role (the least allowed) otherwise. */
const byRole = consoleRoles.map((role, index) =>
  index < consoleRoles.length - 1
    ? {
        description: `Signed in as ${staffRoleWords[role]}.`,
        guard: { type: 'hasRole' as const, params: { role } },
        target: `#console.signedIn.${role}`,
        meta: { requirements: ['OFF-12'] },
      }
    : { description: `Signed in as ${staffRoleWords[role]}.`, target: `#console.signedIn.${role}`, meta: { requirements: ['OFF-12'] } },
);

/**
 * The billing office's console as a whole: it learns where the staff session stands from the
 * server (signed out, a second factor owed, a second factor to set up, signed in with a role) and
 * opens the screens for it; while signed in it runs the staff session (the keep-alive) as its
 * child. The sign-in and set-up screens tell it when they are done; signing out, and someone else
 * signing in over the screen, go through it. Every effect (the calls, the route guards' re-check,
 * opening the console) is provided by the app.
 */
export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    tags: {} as ConsoleTag,
    children: {} as { staffSession: 'staffSession' },
  },
  actors: {
    /** GET api/console/session: where this browser's staff session stands. */
    loadStaffSession: fromPromise<StaffSession>(() => Promise.reject(new Error('loadStaffSession not provided'))),
    /** POST api/console/sign-out. */
    signOut: fromPromise<unknown>(() => Promise.reject(new Error('signOut not provided'))),
    staffSession: staffSessionChild,
  },
  actions: {
    keepSession: assign((_, { session }: { session: StaffSession }) => ({ session, failure: null })),
    forgetSession: assign({ session: { stage: 'none' } as StaffSession }),
    keepFailure: assign((_, { failure }: { failure: ConsoleFailure }) => ({ failure })),
    clearFailure: assign({ failure: null }),
    /** The route guards decide again what the address shows (the router's `invalidate`). */
    recheckGuards: () => {},
    /** Opens the console's first screen (after a second factor was set up). */
    showConsole: () => {},
    /** Someone else signed in over the screen: the console loads afresh, nothing of the last person's kept. */
    openConsoleAfresh: () => {},
    /** The staff session hears that a console call was refused because it had ended. */
    tellSessionRefused: sendTo(consoleChildIds.staffSession, { type: 'staffSession.refused' }),
  },
  guards: {
    isStage: ({ context }, { stage }: { stage: StaffSession['stage'] }) => context.session.stage === stage,
    hasRole: ({ context }, { role }: { role: StaffRole }) => context.session.stage === 'signedIn' && context.session.role === role,
  },
}).createMachine({
  id: 'console',
  description:
    "The billing office's console: where the staff session stands decides what the console shows (its sign-in, the second factor, the set-up page, or the screens of the staff member's role); signed in, it keeps the session alive as its child.",
  context: { session: { stage: 'none' }, failure: null },
  initial: 'starting',
  states: {
    starting: {
      description: "The console's code has loaded; its first page says how to learn the session: from the server, or from the page the server rendered.",
      meta: { requirements: ['OFF-12'] },
      on: {
        'console.start': { description: "The console's first page loads: the server is asked where the session stands.", target: 'checking', meta: { requirements: ['OFF-12'] } },
        'console.resumed': {
          description: 'The browser takes over a page the server rendered: the session it was rendered with holds.',
          target: 'sorting',
          actions: { type: 'keepSession', params: ({ event }) => event },
          meta: { requirements: ['OFF-12'] },
        },
      },
    },
    checking: {
      description: 'Asks the server where the staff session stands (GET console/session).',
      tags: ['busy'],
      meta: { requirements: ['OFF-12'] },
      invoke: {
        id: 'loadStaffSession',
        src: 'loadStaffSession',
        onDone: { description: 'The server answered.', target: 'sorting', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output }) }, meta: { requirements: ['OFF-12'] } },
        onError: {
          description: 'The network or the server failed: the console says so and offers to try again.',
          target: 'unavailable',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toConsoleFailure(event.error) }) },
          meta: { requirements: ['OFF-5', 'OFF-12'] },
        },
      },
    },
    unavailable: {
      description: 'Where the session stands could not be learned: the console says so, with Try again.',
      meta: { requirements: ['OFF-5'] },
      on: { 'console.retry': { description: 'Try again.', target: 'checking', actions: 'clearFailure', meta: { requirements: ['OFF-5', 'OFF-12'] } } },
    },
    sorting: {
      description: 'Where the session stands decides what the console shows.',
      meta: { requirements: ['OFF-12'] },
      always: [
        { description: 'Nobody is signed in: the sign-in.', guard: { type: 'isStage', params: { stage: 'none' } }, target: 'signingIn.signedOut', meta: { requirements: ['OFF-1'] } },
        {
          description: 'A password was given in this browser: the sign-in asks for its second factor.',
          guard: { type: 'isStage', params: { stage: 'secondFactor' } },
          target: 'signingIn.secondFactor',
          meta: { requirements: ['OFF-2'] },
        },
        { description: 'No second factor set up yet: the set-up page.', guard: { type: 'isStage', params: { stage: 'enrol' } }, target: 'signingIn.enrolling', meta: { requirements: ['OFF-4'] } },
        ...byRole,
      ],
    },
    signingIn: {
      description: "Nobody is signed in yet: the console's sign-in, its second factor, or the page that sets one up.",
      meta: { requirements: ['OFF-1'] },
      initial: 'signedOut',
      on: {
        'console.signedIn': {
          description: 'The sign-in is done (password and second factor): the console opens for the new session, without asking the server again.',
          target: 'sorting',
          actions: [{ type: 'keepSession', params: ({ event }) => event }, 'recheckGuards'],
          meta: { requirements: ['OFF-2', 'OFF-12'] },
        },
        'console.enrolmentOwed': {
          description: 'The password was right, but no second factor is set up yet: the set-up page.',
          target: '.enrolling',
          actions: [{ type: 'keepSession', params: ({ event }) => ({ session: { stage: 'enrol', email: event.email } }) }, 'recheckGuards'],
          meta: { requirements: ['OFF-4'] },
        },
        'console.enrolled': {
          description: 'A second factor is set up (after an invitation, or a password): the server is asked who is signed in, and the console opens.',
          target: 'checking',
          actions: 'showConsole',
          meta: { requirements: ['OFF-7', 'OFF-12'] },
        },
      },
      states: {
        signedOut: {
          description: 'Nobody is signed in: every console address shows the sign-in (the set-up page from an invitation link aside).',
          meta: { requirements: ['OFF-1'] },
        },
        secondFactor: {
          description: 'A password was given in this browser: the sign-in asks for the second factor.',
          meta: { requirements: ['OFF-2'] },
        },
        enrolling: {
          description: 'Signed in with a password, and no second factor yet: every console address shows the set-up page.',
          meta: { requirements: ['OFF-4'] },
        },
      },
    },
    signedIn: {
      description: "A staff member is signed in: the console's screens, those of their role; the staff session keeps them signed in.",
      tags: ['signedIn'],
      meta: { requirements: ['OFF-12'] },
      invoke: {
        id: consoleChildIds.staffSession,
        src: 'staffSession',
        input: ({ context }) => {
          const session = context.session as SignedInStaff;
          return { email: session.email, secondsLeft: session.idleSeconds };
        },
      },
      on: {
        'console.signOut': { description: "The staff member chooses Sign out in the console's menu.", target: 'signingOut', meta: { requirements: ['OFF-10'] } },
        'console.refused': {
          description: 'A console call was refused because the session had ended: the staff session says so over the screen.',
          actions: 'tellSessionRefused',
          meta: { requirements: ['OFF-11'] },
        },
        'console.signedOut': {
          description: 'Signed out from the warning, or instead of signing in again over the screen: the sign-in.',
          target: 'signingIn.signedOut',
          actions: ['forgetSession', 'recheckGuards'],
          meta: { requirements: ['OFF-10', 'OFF-11'] },
        },
        'console.replaced': {
          description: 'Someone else signed in over the screen: the console loads afresh for them.',
          target: 'reopening',
          meta: { requirements: ['OFF-11'] },
        },
      },
      // Entered at the role's state always (sorting); were it entered bare, the least allowed role.
      initial: leastAllowed,
      states: roleStates,
    },
    reopening: {
      description: "Someone else signed in over the screen: the console loads afresh for them (the whole page, so nothing of the last person's is kept), and learns there who is signed in.",
      type: 'final',
      entry: ['forgetSession', 'openConsoleAfresh'],
      meta: { requirements: ['OFF-11'] },
    },
    signingOut: {
      description: 'Ends the staff session on the server (POST console/sign-out).',
      tags: ['busy'],
      meta: { requirements: ['OFF-10'] },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { description: 'Signed out: the sign-in.', target: 'signingIn.signedOut', actions: ['forgetSession', 'recheckGuards'], meta: { requirements: ['OFF-10'] } },
        onError: { description: 'The server did not answer: signed out here all the same.', target: 'signingIn.signedOut', actions: ['forgetSession', 'recheckGuards'], meta: { requirements: ['OFF-10'] } },
      },
    },
  },
});

export type ConsoleMachine = typeof consoleMachine;
