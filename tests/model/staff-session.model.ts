import { staffSessionDelays, staffSessionMachine, toStaffSessionError } from '@machines/console/staff-session.machine';
import { selectHasEnded, selectIsBusy, selectIsExtending, selectIsWarning } from '@machines/console/staff-session.selectors';
import type { StaffTimeLeft } from '@machines/console/staff-session.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, type Event, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const email = 'office.admin@sunriselabs.example';

/** The staff session's calls, never settling: the model's events (its own, or the console root's) drive every outcome. */
export const quietStaffSessionActors = {
  checkTimeLeft: fromPromise(() => never<StaffTimeLeft>()),
  extendSession: fromPromise(() => never<{ secondsLeft: number }>()),
  signOut: fromPromise(() => never<unknown>()),
};

// The production machine, over the quiet calls.
const machine = staffSessionMachine.provide({
  actors: quietStaffSessionActors,
  actions: { showSignedOut: () => {}, openConsoleAfresh: () => {} },
});

const plentyLeft: StaffTimeLeft = { display: false, secondsLeft: 600 };
const warnNow: StaffTimeLeft = { display: true, secondsLeft: 90 };
const ended: StaffTimeLeft = { display: false, secondsLeft: 0 };

/** Done on the screen, under no dialog: a console call refused because the session ended. */
const screenEvents = new Set(['staffSession.refused']);

const events: Event<typeof machine>[] = [
  { type: 'xstate.after.pollInterval.staffSession.signedIn.waiting' },
  { type: 'xstate.done.actor.checkTimeLeft', output: plentyLeft },
  { type: 'xstate.done.actor.checkTimeLeft', output: warnNow },
  { type: 'xstate.done.actor.checkTimeLeft', output: ended },
  { type: 'xstate.error.actor.checkTimeLeft', error: { code: 'network' } },
  { type: 'staffSession.stay' },
  { type: 'staffSession.signOut' },
  { type: 'xstate.after.sessionEnd.staffSession.signedIn.warning' },
  { type: 'xstate.done.actor.extendSession', output: { secondsLeft: 900 } },
  { type: 'xstate.error.actor.extendSession', error: { code: 'ended' } },
  { type: 'xstate.error.actor.extendSession', error: { code: 'network' } },
  { type: 'staffSession.refused' },
  { type: 'staffSession.signedIn', email, secondsLeft: 900 },
  { type: 'staffSession.signedIn', email: 'billing.clerk@sunriselabs.example', secondsLeft: 900 },
  { type: 'xstate.done.actor.signOut', output: { stage: 'none' } },
  { type: 'xstate.error.actor.signOut', error: { code: 'network' } },
];

const spec: ModelSpec<typeof machine> = {
  machine,
  input: { email, secondsLeft: 900 },
  // A refused call comes from the screen: not while a dialog (modal) holds the page.
  events: (snapshot) => events.filter((event) => !screenEvents.has(event.type) || !(selectIsWarning(snapshot) || selectHasEnded(snapshot))),
  delays: {
    pollInterval: staffSessionDelays.pollInterval,
    sessionEnd: (snapshot) => snapshot.context.secondsLeft * 1000,
  },
  // How many seconds, or which failure, does not multiply the model; these do.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, failure: snapshot.context.failure !== null }),
  assertSnapshot: (snapshot) => {
    expect(selectIsWarning(snapshot)).toBe(snapshot.matches({ signedIn: 'warning' }) || snapshot.matches({ signedIn: 'extending' }));
    expect(selectIsExtending(snapshot)).toBe(snapshot.matches({ signedIn: 'extending' }));
    expect(selectHasEnded(snapshot)).toBe(snapshot.matches('ended'));
    expect(selectIsBusy(snapshot)).toBe(snapshot.matches({ signedIn: 'extending' }) || snapshot.matches('signingOut'));
    // The warning and the sign-in over the screen never show together.
    expect(selectIsWarning(snapshot) && selectHasEnded(snapshot)).toBe(false);
    // A failure to stay signed in is said only in the warning.
    if (snapshot.context.failure !== null) expect(snapshot.matches({ signedIn: 'warning' })).toBe(true);
  },
};

/** What the poll answered, in words. */
function pollAnswer({ display, secondsLeft }: StaffTimeLeft): string {
  if (secondsLeft <= 0) return 'the session has ended';
  return display ? 'the warning is due' : 'plenty of time is left';
}

/** Keeping a staff member signed in to the console, and signing in again over the screen. */
export const staffSessionModel = defineModel({
  name: 'staff-session',
  title: 'Billing office: the staff session',
  machine,
  variants: [{ name: 'the console opened, signed in', spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.after.pollInterval.staffSession.signedIn.waiting':
        return 'Time passes until the next poll';
      case 'xstate.done.actor.checkTimeLeft':
        return `The poll answers: ${pollAnswer(event.output as StaffTimeLeft)}`;
      case 'xstate.error.actor.checkTimeLeft':
        return 'The poll fails (network)';
      case 'staffSession.stay':
        return 'Chooses Stay signed in';
      case 'staffSession.signOut':
        return 'Chooses Sign out';
      case 'xstate.after.sessionEnd.staffSession.signedIn.warning':
        return 'The countdown runs out';
      case 'xstate.done.actor.extendSession':
        return 'The session is extended';
      case 'xstate.error.actor.extendSession':
        return `Staying signed in fails (${toStaffSessionError(event.error) === 'ended' ? 'the session had ended' : 'network'})`;
      case 'staffSession.refused':
        return 'A console action is refused: the session has ended';
      case 'staffSession.signedIn':
        return event.email === email ? 'Signs in again over the screen' : `Someone else (${event.email}) signs in over the screen`;
      case 'xstate.done.actor.signOut':
        return 'Signed out';
      case 'xstate.error.actor.signOut':
        return 'Signing out fails (network)';
      default:
        return event.type;
    }
  },
});
