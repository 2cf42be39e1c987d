import { shownProblems } from '@machines/form/form.rules';
import { inviteProblems, staffAdminMachine, toStaffAdminRejection } from '@machines/console/staff-admin.machine';
import { inviteFields, type StaffRow } from '@machines/console/staff-admin.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, refusedFieldsOf, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

const machine = staffAdminMachine.provide({
  actors: {
    invite: fromPromise(() => never<StaffRow>()),
    changeRole: fromPromise(() => never<StaffRow>()),
    deactivate: fromPromise(() => never<StaffRow>()),
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const admin: StaffRow = { id: 1, email: 'office.admin@sunriselabs.example', role: 'officeAdmin', status: 'active', secondFactor: true, createdAt: '2026-11-01T00:00:00Z' };
const clerk: StaffRow = { id: 2, email: 'billing.clerk@sunriselabs.example', role: 'billingStaff', status: 'active', secondFactor: true, createdAt: '2026-11-01T00:00:00Z' };
const invited: StaffRow = { id: 3, email: 'new.clerk@sunriselabs.example', role: 'billingStaff', status: 'invited', secondFactor: false, createdAt: '2026-11-27T00:00:00Z' };

const events: Spec['events'] = [
  { type: 'form.edit', field: 'email', value: 'new.clerk@' },
  { type: 'form.edit', field: 'email', value: 'new.clerk@sunriselabs.example' },
  { type: 'form.edit', field: 'role', value: 'readOnly' },
  { type: 'form.leave', field: 'email' },
  { type: 'form.submit' },
  { type: 'staff.changeRole', id: 2, role: 'readOnly' },
  { type: 'staff.deactivate', id: 2 },
  { type: 'staff.confirm' },
  { type: 'staff.cancel' },
  { type: 'xstate.done.actor.invite', output: invited },
  { type: 'xstate.error.actor.invite', error: { code: 'refused', fields: { email: 'taken' } } },
  { type: 'xstate.error.actor.invite', error: { code: 'network' } },
  { type: 'xstate.done.actor.changeRole', output: { ...clerk, role: 'readOnly' } },
  { type: 'xstate.error.actor.changeRole', error: { code: 'lastOfficeAdmin' } },
  { type: 'xstate.done.actor.deactivate', output: { ...clerk, status: 'deactivated' } },
  { type: 'xstate.error.actor.deactivate', error: { code: 'expired' } },
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify({ value: snapshot.value, shown: shownProblems(context, inviteFields, inviteProblems(context.draft)), valid: Object.keys(inviteProblems(context.draft)).length === 0, typed: context.draft.email !== '', checked: context.checked, failure: context.failure, notice: context.notice?.kind ?? null, confirming: context.confirming, roleChange: context.roleChange, rows: context.staff.length });
};

const assertSnapshot = (snapshot: Snapshot) => {
  expect(snapshot.hasTag('busy')).toBe((['inviting', 'changingRole', 'deactivating'] as const).some((state) => snapshot.matches(state)));
  if (snapshot.matches('confirmingDeactivation') || snapshot.matches('deactivating')) expect(snapshot.context.confirming).not.toBeNull();
  // A role is sent only after a yes, and the change is forgotten once answered.
  expect(snapshot.context.roleChange !== null).toBe(snapshot.matches('confirmingRoleChange') || snapshot.matches('changingRole'));
  // A notice and a failure never show together.
  expect(snapshot.context.notice !== null && snapshot.context.failure !== null).toBe(false);
};

/** An office admin manages the lab's staff. */
export const staffAdminModel = defineModel({
  name: 'staff-admin',
  title: 'Billing office staff',
  machine,
  variants: [{ name: 'the staff page opened', spec: { machine, input: { staff: [admin, clerk] }, events, serializeState, assertSnapshot } }],
  describeEvent: (event) => {
    switch (event.type) {
      case 'form.edit':
        return `Types "${event.value}" as the ${event.field}`;
      case 'form.leave':
        return `Leaves the ${event.field} field`;
      case 'form.submit':
        return 'Chooses Send the invitation';
      case 'staff.changeRole':
        return `Chooses the role ${event.role} for member ${String(event.id)} and Change the role`;
      case 'staff.deactivate':
        return `Chooses Deactivate for member ${String(event.id)}`;
      case 'staff.confirm':
        return 'Says yes to the question';
      case 'staff.cancel':
        return 'Says no to the question';
      default:
        if (event.type.startsWith('xstate.done.actor')) return 'The call is done';
        if ('error' in event && toStaffAdminRejection(event.error).code === 'refused') return `The server refuses the ${refusedFieldsOf(event.error)}`;
        if ('error' in event) return `The call fails (${String((event.error as { code?: string }).code)})`;
        return event.type;
    }
  },
});
