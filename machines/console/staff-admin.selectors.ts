import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import { inviteProblems, type StaffAdminMachine } from './staff-admin.machine';
import { inviteFields } from './staff-admin.types';

type Snapshot = SnapshotFrom<StaffAdminMachine>;

export const selectStaff = (snapshot: Snapshot) => snapshot.context.staff;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The member whose deactivation waits for a yes, while the question is asked. */
export const selectConfirmingDeactivation = (snapshot: Snapshot): number | null => (snapshot.matches('confirmingDeactivation') ? snapshot.context.confirming : null);
/** The role change that waits for a yes, and then is on its way. */
export const selectRoleChange = (snapshot: Snapshot) => snapshot.context.roleChange;
export const selectIsAskingRoleChange = (snapshot: Snapshot): boolean => snapshot.matches('confirmingRoleChange');
/** The problem each field of the invite form shows. */
export const selectInviteProblems = (snapshot: Snapshot) => shownProblems(snapshot.context, inviteFields, inviteProblems(snapshot.context.draft));
