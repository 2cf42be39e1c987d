import { staffEnrolmentMachine, toStaffEnrolmentRejection } from '@machines/console/staff-enrolment.machine';
import { selectEnrolmentStep, selectIsBusy } from '@machines/console/staff-enrolment.selectors';
import { codeStepFields, passwordStepFields } from '@machines/console/staff-enrolment.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { isStaffEnrolmentDraftValid, staffEnrolmentProblems } from '@/console/staff-enrolment-rules';
import { defineModel, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = staffEnrolmentMachine.provide({
  actors: {
    acceptInvitation: fromPromise(() => never<unknown>()),
    startApp: fromPromise(() => never<{ secret: string; uri: string }>()),
    confirmApp: fromPromise(() => never<string[]>()),
    registerPasskey: fromPromise(() => never<string[]>()),
  },
  guards: { isDraftValid: ({ context }, { fields }) => isStaffEnrolmentDraftValid(context.draft, fields) },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const codes = Array.from({ length: 10 }, (_, index) => `ABCD-EFG${String.fromCharCode(65 + index)}`);

const allEvents: Extract<Spec['events'], readonly unknown[]> = [
  { type: 'form.edit', field: 'password', value: 'short' },
  { type: 'form.edit', field: 'password', value: 'a long office password 7' },
  { type: 'form.edit', field: 'passwordConfirmation', value: 'a long office password 7' },
  { type: 'form.edit', field: 'code', value: '12' },
  { type: 'form.edit', field: 'code', value: '123456' },
  { type: 'form.leave', field: 'password' },
  { type: 'form.leave', field: 'code' },
  { type: 'form.submit' },
  { type: 'enrol.chooseApp' },
  { type: 'enrol.choosePasskey' },
  { type: 'enrol.back' },
  { type: 'enrol.done' },
  { type: 'xstate.done.actor.acceptInvitation', output: { stage: 'enrol' } },
  { type: 'xstate.error.actor.acceptInvitation', error: { code: 'linkInvalid' } },
  { type: 'xstate.error.actor.acceptInvitation', error: { code: 'refused', fields: { password: 'common' } } },
  { type: 'xstate.error.actor.acceptInvitation', error: { code: 'network' } },
  { type: 'xstate.done.actor.startApp', output: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } },
  { type: 'xstate.error.actor.startApp', error: { code: 'expired' } },
  { type: 'xstate.error.actor.startApp', error: { code: 'serverError' } },
  { type: 'xstate.done.actor.confirmApp', output: codes },
  { type: 'xstate.error.actor.confirmApp', error: { code: 'invalidCode' } },
  { type: 'xstate.error.actor.confirmApp', error: { code: 'expired' } },
  { type: 'xstate.done.actor.registerPasskey', output: codes },
  { type: 'xstate.error.actor.registerPasskey', error: { code: 'passkeyFailed' } },
  { type: 'xstate.error.actor.registerPasskey', error: { code: 'expired' } },
];

const byStep = (snapshot: Snapshot) => {
  const step = selectEnrolmentStep(snapshot);
  const fields = step === 'password' ? ['password', 'passwordConfirmation'] : step === 'appCode' ? ['code'] : [];
  return allEvents.filter((event) => !('field' in event) || fields.includes(event.field));
};

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    valid: isStaffEnrolmentDraftValid(context.draft, passwordStepFields),
    code: staffEnrolmentProblems(context.draft, codeStepFields).code ?? 'ok',
    typed: (['password', 'passwordConfirmation', 'code'] as const).filter((field) => context.draft[field] !== ''),
    checked: context.checked,
    server: context.serverProblems,
    failure: context.failure,
    refused: context.refusals > 0,
    setup: context.setup !== null,
    codes: context.recoveryCodes.length,
  });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(selectIsBusy(snapshot)).toBe((['settingPassword', 'registeringPasskey', 'startingApp', 'confirmingApp'] as const).some((state) => snapshot.matches(state)));
  // The codes show only once set up, and then all ten.
  if (selectEnrolmentStep(snapshot) === 'recoveryCodes') expect(snapshot.context.recoveryCodes).toHaveLength(10);
  else expect(snapshot.context.recoveryCodes).toEqual([]);
  // The app's step always has its secret to show.
  if (snapshot.matches('appCode')) expect(snapshot.context.setup).not.toBeNull();
};

/** Setting up a staff member's sign-in: the password from the invitation, a second factor, the recovery codes. */
export const staffEnrolmentModel = defineModel({
  name: 'staff-enrolment',
  title: 'Billing office sign-in set-up',
  machine,
  variants: [
    { name: 'an invitation link opened', spec: { machine, input: { token: 'A'.repeat(43), enrolling: false }, events: byStep, serializeState, assertSnapshot } },
    { name: 'signed in with a password, no second factor yet', spec: { machine, input: { token: null, enrolling: true }, events: byStep, serializeState, assertSnapshot } },
    { name: 'the page opened with neither', spec: { machine, input: { token: null, enrolling: false }, events: byStep, serializeState, assertSnapshot } },
  ],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field}`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Set my password (or Confirm)';
      case 'enrol.chooseApp':
        return 'Chooses Use an authenticator app';
      case 'enrol.choosePasskey':
        return 'Chooses Use a passkey';
      case 'enrol.back':
        return 'Chooses Use a passkey instead';
      case 'enrol.done':
        return 'Chooses I have kept them';
      case 'xstate.done.actor.acceptInvitation':
        return 'The password is set';
      case 'xstate.done.actor.startApp':
        return 'The app’s secret is made';
      case 'xstate.done.actor.confirmApp':
        return 'The code confirms the app';
      case 'xstate.done.actor.registerPasskey':
        return 'The device makes the passkey';
      case 'xstate.error.actor.acceptInvitation':
      case 'xstate.error.actor.startApp':
      case 'xstate.error.actor.confirmApp':
      case 'xstate.error.actor.registerPasskey':
        return `The step fails (${toStaffEnrolmentRejection(event.error).code})`;
      default:
        return event.type;
    }
  },
});
