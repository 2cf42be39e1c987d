import type { StaffSession } from '@contracts/console';
import { consoleMachine, staffSessionChild, toConsoleFailure } from '@machines/console/console.machine';
import { selectIsSettled, selectSignedInStaff, selectStage, selectStaffRole, selectStaffSessionActor } from '@machines/console/console.selectors';
import type { SignedInStaff } from '@machines/console/console.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, type Event, type ModelSpec } from './harness';
import { quietStaffSessionActors } from './staff-session.model';

const never = <T>() => new Promise<T>(() => {});

// The production machine; its calls (and its child's) never settle, so the model's events drive every outcome.
const machine = consoleMachine.provide({
  actors: {
    loadStaffSession: fromPromise(() => never<StaffSession>()),
    signOut: fromPromise(() => never<unknown>()),
    staffSession: staffSessionChild.provide({ actors: quietStaffSessionActors }),
  },
  actions: { recheckGuards: () => {}, showConsole: () => {}, openConsoleAfresh: () => {} },
});

/** The demo lab's staff, one of each role. */
export const consoleStaff = {
  officeAdmin: { stage: 'signedIn', email: 'office.admin@sunriselabs.example', role: 'officeAdmin', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 },
  billingStaff: { stage: 'signedIn', email: 'billing.clerk@sunriselabs.example', role: 'billingStaff', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 },
  readOnly: { stage: 'signedIn', email: 'read.only@sunriselabs.example', role: 'readOnly', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 },
} as const satisfies Record<string, SignedInStaff>;

const secondFactorOwed: StaffSession = { stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } };
const enrolmentOwed: StaffSession = { stage: 'enrol', email: 'new.clerk@sunriselabs.example' };

const events: Event<typeof machine>[] = [
  { type: 'console.start' },
  // A fresh browser's page, as the server renders it: nobody signed in.
  { type: 'console.resumed', session: { stage: 'none' } },
  { type: 'xstate.done.actor.loadStaffSession', output: { stage: 'none' } },
  { type: 'xstate.done.actor.loadStaffSession', output: secondFactorOwed },
  { type: 'xstate.done.actor.loadStaffSession', output: enrolmentOwed },
  { type: 'xstate.done.actor.loadStaffSession', output: consoleStaff.officeAdmin },
  { type: 'xstate.done.actor.loadStaffSession', output: consoleStaff.billingStaff },
  { type: 'xstate.done.actor.loadStaffSession', output: consoleStaff.readOnly },
  { type: 'xstate.error.actor.loadStaffSession', error: { code: 'network' } },
  { type: 'console.retry' },
  { type: 'console.signedIn', session: consoleStaff.billingStaff },
  { type: 'console.enrolmentOwed', email: 'new.clerk@sunriselabs.example' },
  { type: 'console.enrolled' },
  { type: 'console.signOut' },
  { type: 'console.refused' },
  { type: 'console.signedOut' },
  { type: 'console.replaced' },
  { type: 'xstate.done.actor.signOut', output: { stage: 'none' } },
  { type: 'xstate.error.actor.signOut', error: { code: 'network' } },
];

/** Told by the sign-in's screens, which show while signed out or a second factor is owed. */
const fromSignIn = new Set(['console.signedIn', 'console.enrolmentOwed']);

/** Which screen can tell the root this event now. */
function isOffered(snapshot: ReturnType<typeof machine.transition>, type: string): boolean {
  if (fromSignIn.has(type)) return snapshot.matches({ signingIn: 'signedOut' }) || snapshot.matches({ signingIn: 'secondFactor' });
  // The set-up page's last step; an invitation opened while signed out reaches it through its password (enrolling).
  if (type === 'console.enrolled') return snapshot.matches({ signingIn: 'enrolling' });
  return true;
}

const spec: ModelSpec<typeof machine> = {
  machine,
  events: (snapshot) => events.filter((event) => isOffered(snapshot, event.type)),
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, failure: snapshot.context.failure !== null }),
  assertSnapshot: (snapshot) => {
    const staff = selectSignedInStaff(snapshot);
    // A role's tag while signed in, and the signed-in session's role; none otherwise.
    expect(selectStaffRole(snapshot)).toBe(staff?.role ?? null);
    expect(staff !== null).toBe(snapshot.matches('signedIn'));
    // The keep-alive runs exactly while signed in.
    expect(selectStaffSessionActor(snapshot) !== undefined).toBe(snapshot.matches('signedIn'));
    expect(selectIsSettled(snapshot)).toBe(!snapshot.matches('starting') && !snapshot.matches('checking') && !snapshot.matches('signingOut'));
    // Loading afresh forgets the last person.
    if (snapshot.matches('reopening')) expect(snapshot.context.session).toEqual({ stage: 'none' });
    expect(selectStage(snapshot) === 'unavailable').toBe(snapshot.context.failure !== null);
  },
};

/** A session in words. */
function sessionInWords(session: StaffSession): string {
  switch (session.stage) {
    case 'none':
      return 'nobody is signed in';
    case 'secondFactor':
      return 'a second factor is owed';
    case 'enrol':
      return 'a second factor is to be set up';
    case 'signedIn':
      return `signed in as ${session.role}`;
  }
}

/** The console's root: where the staff session stands, and what the console shows for it. */
export const consoleModel = defineModel({
  name: 'console',
  title: 'Billing office: the console (root)',
  machine,
  variants: [{ name: "the console's code loaded", spec }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'console.start':
        return "Opens a console page in the browser";
      case 'console.resumed':
        return `Opens a console page the server rendered (${sessionInWords(event.session)})`;
      case 'xstate.done.actor.loadStaffSession':
        return `The server answers: ${sessionInWords(event.output as StaffSession)}`;
      case 'xstate.error.actor.loadStaffSession':
        return `Asking for the session fails (${toConsoleFailure(event.error)})`;
      case 'console.retry':
        return 'Chooses Try again';
      case 'console.signedIn':
        return `Signs in (${sessionInWords(event.session)})`;
      case 'console.enrolmentOwed':
        return 'Signs in with a password, with no second factor set up';
      case 'console.enrolled':
        return 'Sets up a second factor';
      case 'console.signOut':
        return "Chooses Sign out in the console's menu";
      case 'console.refused':
        return 'A console action is refused: the session has ended';
      case 'console.signedOut':
        return 'Chooses Sign out in the session\'s dialog';
      case 'console.replaced':
        return 'Someone else signs in over the screen';
      case 'xstate.done.actor.signOut':
        return 'Signed out';
      case 'xstate.error.actor.signOut':
        return 'Signing out fails (network)';
      default:
        return event.type;
    }
  },
});
