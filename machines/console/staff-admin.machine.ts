/**
 * An office admin manages the lab's staff (`/{client}/office/staff`): invites someone by email
 * with a role, gives a member another role (once the admin confirms it: a role chosen in a row's
 * list changes nothing until then), deactivates a member (after saying that their sessions end at
 * once). The list, the calls and the form's rules are the app's.
 */
import { assign, fromPromise, setup } from 'xstate';
import { refusedFields, toFormRejection } from '../form/form.rules';
import { formSetup } from '../form/form.setup';
import type { StaffRoleOption, StaffRow, InviteField, InviteProblem, StaffAdminFailure, StaffAdminRejection, StaffAdminNotice, StaffAdminContext, StaffAdminEvent } from './staff-admin.types';
import { inviteFields, staffRoleOptions } from './staff-admin.types';


const failures: readonly StaffAdminFailure[] = ['lastOfficeAdmin', 'expired', 'network', 'serverError'];
export const toStaffAdminRejection = (error: unknown): StaffAdminRejection => toFormRejection<InviteField, InviteProblem, StaffAdminFailure>(error, failures);
const failureOf = (error: unknown): StaffAdminFailure => {
  const rejection = toStaffAdminRejection(error);
  return rejection.code === 'refused' ? 'serverError' : rejection.code;
};

/** The invite form's rules: an address with @, and a role. */
export function inviteProblems(draft: Record<InviteField, string>): Partial<Record<InviteField, InviteProblem>> {
  const problems: Partial<Record<InviteField, InviteProblem>> = {};
  const email = draft.email.trim();
  if (email === '') problems.email = 'required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) problems.email = 'invalid';
  if (!(staffRoleOptions as readonly string[]).includes(draft.role)) problems.role = 'required';
  return problems;
}

const withRow = (staff: StaffRow[], row: StaffRow) => (staff.some((each) => each.id === row.id) ? staff.map((each) => (each.id === row.id ? row : each)) : [...staff, row]);

export const staffAdminMachine = setup({
  types: {
    context: {} as StaffAdminContext,
    events: {} as StaffAdminEvent,
    input: {} as { staff: StaffRow[] },
    tags: {} as 'busy',
  },
  actors: {
    /** POST api/console/staff. */
    invite: fromPromise<StaffRow, { email: string; role: StaffRoleOption }>(() => Promise.reject(new Error('invite not provided'))),
    /** POST api/console/staff/{id}/role. */
    changeRole: fromPromise<StaffRow, { id: number; role: StaffRoleOption }>(() => Promise.reject(new Error('changeRole not provided'))),
    /** POST api/console/staff/{id}/deactivate. */
    deactivate: fromPromise<StaffRow, { id: number }>(() => Promise.reject(new Error('deactivate not provided'))),
  },
  actions: {
    keepRow: assign(({ context }, { row, notice }: { row: StaffRow; notice: NonNullable<StaffAdminNotice>['kind'] }) => ({
      staff: withRow(context.staff, row),
      notice: { kind: notice, email: row.email },
      failure: null,
    })),
    resetInvite: assign(() => ({ draft: { email: '', role: 'billingStaff' }, checked: [], serverProblems: {} })),
    askConfirmation: assign((_, { id }: { id: number }) => ({ confirming: id, notice: null, failure: null })),
    forgetConfirmation: assign(() => ({ confirming: null })),
    askRoleChange: assign((_, roleChange: { id: number; role: StaffRoleOption }) => ({ roleChange, notice: null, failure: null })),
    forgetRoleChange: assign(() => ({ roleChange: null })),
    clearNotice: assign(() => ({ notice: null })),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(inviteProblems(context.draft)).length === 0,
  },
}).extend(formSetup<StaffAdminContext, StaffAdminEvent>(inviteFields)).createMachine({
  id: 'staffAdmin',
  description: "An office admin manages the lab's staff: invites by email with a role, changes a role, deactivates (their sessions end at once).",
  context: ({ input }) => ({
    draft: { email: '', role: 'billingStaff' },
    checked: [],
    serverProblems: {},
    failure: null,
    refusals: 0,
    staff: input.staff,
    notice: null,
    confirming: null,
    roleChange: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description: 'The list of staff and the invitation form.',
      meta: { requirements: ['OFF-8'] },
      on: {
        'form.edit': { description: 'Keeps the typed email or chosen role.', actions: { type: 'recordEdit', params: ({ event }) => event }, meta: { requirements: ['OFF-8'] } },
        'form.leave': {
          description: 'Leaving a field typed in shows its problem from now on.',
          guard: { type: 'isTypedIn', params: ({ event }) => event },
          actions: { type: 'markLeft', params: ({ event }) => event },
          meta: { requirements: ['OFF-8'] },
        },
        'form.submit': [
          { description: 'An address and a role: the invitation is sent.', guard: 'isDraftValid', target: 'inviting', actions: ['clearFailure', 'clearNotice'], meta: { requirements: ['OFF-8'] } },
          { description: 'Not an address: nothing is sent, the problem shows at the field.', actions: ['checkAllFields', 'countRefusal'], meta: { requirements: ['OFF-8'] } },
        ],
        'staff.changeRole': {
          description: 'Another role chosen for a member asks first: nothing changes until the admin says yes.',
          target: 'confirmingRoleChange',
          actions: { type: 'askRoleChange', params: ({ event }) => ({ id: event.id, role: event.role }) },
          meta: { requirements: ['OFF-9'] },
        },
        'staff.deactivate': {
          description: 'Deactivating asks first, saying that their sessions end at once.',
          target: 'confirmingDeactivation',
          actions: { type: 'askConfirmation', params: ({ event }) => event },
          meta: { requirements: ['OFF-9'] },
        },
      },
    },
    inviting: {
      description: 'The invitation is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-8'] },
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => ({ email: context.draft.email.trim(), role: context.draft.role as StaffRoleOption }),
        onDone: {
          description: 'Invited: listed as invited, said above the list, the form emptied.',
          target: 'ready',
          actions: [{ type: 'keepRow', params: ({ event }) => ({ row: event.output, notice: 'invited' as const }) }, 'resetInvite'],
          meta: { requirements: ['OFF-8'] },
        },
        onError: [
          {
            description: 'The server refused fields: the address is staff already (409), or not one it takes (400): said at the field, and the focus goes there.',
            guard: { type: 'isRefusedByServer', params: ({ event }) => toStaffAdminRejection(event.error) },
            target: 'ready',
            actions: { type: 'takeServerRefusals', params: ({ event }) => ({ fields: refusedFields(toStaffAdminRejection(event.error)) }) },
            meta: { requirements: ['OFF-8'] },
          },
          {
            description: 'Signed out meanwhile, the network or the server: said, what was typed kept.',
            target: 'ready',
            actions: { type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            meta: { requirements: ['OFF-5'] },
          },
        ],
      },
    },
    confirmingRoleChange: {
      description: "Give this member the chosen role? Nothing changes until the admin says yes; the safe choice, keeping the role, has the focus.",
      meta: { requirements: ['OFF-9'] },
      on: {
        'staff.confirm': { description: 'Yes: the new role is sent.', target: 'changingRole', meta: { requirements: ['OFF-9'] } },
        'staff.cancel': { description: 'No (or Escape): the member keeps their role.', target: 'ready', actions: 'forgetRoleChange', meta: { requirements: ['OFF-9'] } },
      },
    },
    changingRole: {
      description: 'The new role is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-9'] },
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context }) => context.roleChange ?? { id: 0, role: 'readOnly' as const },
        onDone: {
          description: 'Changed: the list shows the new role.',
          target: 'ready',
          actions: [{ type: 'keepRow', params: ({ event }) => ({ row: event.output, notice: 'roleChanged' as const }) }, 'forgetRoleChange'],
          meta: { requirements: ['OFF-9'] },
        },
        onError: {
          description: 'It would leave no office admin, or a failure: said, the list as it was.',
          target: 'ready',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'forgetRoleChange'],
          meta: { requirements: ['OFF-9', 'OFF-5'] },
        },
      },
    },
    confirmingDeactivation: {
      description: 'Deactivate this member? Their sessions end at once and they can no longer sign in. The safe choice, Cancel, has the focus.',
      meta: { requirements: ['OFF-9'] },
      on: {
        'staff.confirm': { description: 'Yes: the member is deactivated.', target: 'deactivating', meta: { requirements: ['OFF-9'] } },
        'staff.cancel': { description: 'No (or Escape): nothing changes.', target: 'ready', actions: 'forgetConfirmation', meta: { requirements: ['OFF-9'] } },
      },
    },
    deactivating: {
      description: 'The deactivation is on its way.',
      tags: ['busy'],
      meta: { requirements: ['OFF-9'] },
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ id: context.confirming ?? 0 }),
        onDone: {
          description: 'Deactivated: listed so, their sessions ended.',
          target: 'ready',
          actions: [{ type: 'keepRow', params: ({ event }) => ({ row: event.output, notice: 'deactivated' as const }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-9'] },
        },
        onError: {
          description: 'The last office admin, or a failure: said, nothing changed.',
          target: 'ready',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'forgetConfirmation'],
          meta: { requirements: ['OFF-9', 'OFF-5'] },
        },
      },
    },
  },
});

export type StaffAdminMachine = typeof staffAdminMachine;
