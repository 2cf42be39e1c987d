/**
 * Billing staff and office admins help an account's registered users from its page in the console
 * (`/{client}/office/patients/{accountNumber}`): a new activation link, every session ended, a
 * sign-in lock cleared. Each is a named event; what it did, or why it failed, is said above the
 * list of users, and the user's row shows the change. The calls are the app's.
 */
import type { AccountUser, HelpOutcome } from '@contracts/console-work';
import { assign, fromPromise, setup } from 'xstate';
import type { HelpKind, PatientHelpFailure, PatientHelpContext, PatientHelpEvent } from './patient-help.types';

const failures: readonly PatientHelpFailure[] = ['alreadyActivated', 'tooManyRequests', 'expired', 'network', 'serverError'];

const kindOf = (event: PatientHelpEvent): HelpKind => {
  switch (event.type) {
    case 'help.resendActivation':
      return 'resendActivation';
    case 'help.endSessions':
      return 'endSessions';
    case 'help.clearLock':
      return 'clearLock';
  }
};

/** A call's failure as this machine reads it: one of its codes, else the server. */
export function toPatientHelpFailure(error: unknown): PatientHelpFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return failures.find((each) => each === code) ?? 'serverError';
}

/** The user's row after the action: no sessions left, no lock, or activated (the server said so). */
function rowAfter(user: AccountUser, kind: HelpKind | 'activatedAlready'): AccountUser {
  switch (kind) {
    case 'endSessions':
      return { ...user, sessions: 0 };
    case 'clearLock':
      return { ...user, lockedForSeconds: 0 };
    case 'activatedAlready':
      return { ...user, activated: true };
    case 'resendActivation':
      return user;
  }
}

const helpEvent = (requirement: string, description: string) => ({
  description,
  target: 'helping' as const,
  actions: { type: 'startHelp' as const, params: ({ event }: { event: PatientHelpEvent }) => event },
  meta: { requirements: [requirement] },
});

export const patientHelpMachine = setup({
  types: {
    context: {} as PatientHelpContext,
    events: {} as PatientHelpEvent,
    input: {} as { users: AccountUser[] },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/accounts/{accountNumber}/users/{userId}/(activation-link | end-sessions | clear-lock). */
    help: fromPromise<HelpOutcome, { kind: HelpKind; userId: number }>(() => Promise.reject(new Error('help not provided'))),
  },
  actions: {
    startHelp: assign((_, event: PatientHelpEvent) => ({ pending: { kind: kindOf(event), userId: event.userId }, notice: null, failure: null })),
    keepOutcome: assign(({ context }, { count }: { count: number }) => {
      const pending = context.pending;
      const user = context.users.find((each) => each.userId === pending?.userId);
      if (!pending || !user) return {};
      return {
        users: context.users.map((each) => (each.userId === user.userId ? rowAfter(each, pending.kind) : each)),
        notice: { kind: pending.kind, email: user.email, count },
      };
    }),
    keepFailure: assign(({ context }, { failure }: { failure: PatientHelpFailure }) => ({
      failure,
      users: failure === 'alreadyActivated' ? context.users.map((each) => (each.userId === context.pending?.userId ? rowAfter(each, 'activatedAlready') : each)) : context.users,
    })),
  },
}).createMachine({
  id: 'patientHelp',
  description: "Billing staff help an account's registered users: a new activation link, their sessions ended, their sign-in lock cleared.",
  context: ({ input }) => ({ users: input.users, pending: null, notice: null, failure: null }),
  initial: 'ready',
  states: {
    ready: {
      description: "The account's registered users, each with the help that fits them.",
      meta: { requirements: ['OFF-22'] },
      on: {
        'help.resendActivation': helpEvent('OFF-22', 'A user who has not activated gets a new activation link (the older one stops working).'),
        'help.endSessions': helpEvent('OFF-22', 'The user is signed out on every device.'),
        'help.clearLock': helpEvent('OFF-22', "The user's failed sign-ins are forgotten: they may try again at once."),
      },
    },
    helping: {
      description: 'The help is on its way; the other actions wait.',
      tags: ['busy'],
      meta: { requirements: ['OFF-22'] },
      invoke: {
        id: 'help',
        src: 'help',
        input: ({ context }) => context.pending ?? { kind: 'endSessions' as const, userId: 0 },
        onDone: {
          description: "Done: said above the list (how many sessions ended, failed sign-ins forgotten), the user's row changed.",
          target: 'ready',
          actions: { type: 'keepOutcome', params: ({ event }) => ({ count: event.output.count }) },
          meta: { requirements: ['OFF-22'] },
        },
        onError: {
          description: 'Activated already (the row says so now), too many emails lately, signed out meanwhile, the network or the server: said, nothing changed.',
          target: 'ready',
          actions: { type: 'keepFailure', params: ({ event }) => ({ failure: toPatientHelpFailure(event.error) }) },
          meta: { requirements: ['OFF-23'] },
        },
      },
    },
  },
});

export type PatientHelpMachine = typeof patientHelpMachine;
