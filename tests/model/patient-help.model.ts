import type { AccountUser, HelpOutcome } from '@contracts/console-work';
import { patientHelpMachine, toPatientHelpFailure } from '@machines/console/patient-help.machine';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = patientHelpMachine.provide({ actors: { help: fromPromise(() => never<HelpOutcome>()) } });

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const waiting: AccountUser = { userId: 7, email: 'new.user@example.com', name: 'New User', activated: false, accountDisabled: false, lockedForSeconds: 0, sessions: 0 };
const locked: AccountUser = { userId: 8, email: 'pat.doe@example.com', name: 'Pat Doe', activated: true, accountDisabled: false, lockedForSeconds: 600, sessions: 2 };

const events: Spec['events'] = [
  { type: 'help.resendActivation', userId: 7 },
  { type: 'help.endSessions', userId: 8 },
  { type: 'help.clearLock', userId: 8 },
  { type: 'xstate.done.actor.help', output: { count: 2 } },
  { type: 'xstate.error.actor.help', error: { code: 'alreadyActivated' } },
  { type: 'xstate.error.actor.help', error: { code: 'tooManyRequests' } },
  { type: 'xstate.error.actor.help', error: { code: 'network' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    pending: context.pending,
    notice: context.notice?.kind ?? null,
    failure: context.failure,
    users: context.users.map((user) => [user.activated, user.sessions > 0, user.lockedForSeconds > 0]),
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe(snapshot.matches('helping'));
  if (snapshot.matches('helping')) expect(snapshot.context.pending).not.toBeNull();
  // A notice and a failure never show together.
  expect(snapshot.context.notice !== null && snapshot.context.failure !== null).toBe(false);
};

/** Billing staff help an account's registered users. */
export const patientHelpModel = defineModel({
  name: 'patient-help',
  title: "Billing office: helping an account's users",
  machine,
  variants: [{ name: "an account's page opened by billing staff", spec: { machine, input: { users: [waiting, locked] }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'help.resendActivation':
        return `Chooses Send a new activation link for user ${String(event.userId)}`;
      case 'help.endSessions':
        return `Chooses Sign out everywhere for user ${String(event.userId)}`;
      case 'help.clearLock':
        return `Chooses Clear the sign-in lock for user ${String(event.userId)}`;
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event) return `The call fails (${toPatientHelpFailure(event.error)})`;
        return event.type;
    }
  },
});
