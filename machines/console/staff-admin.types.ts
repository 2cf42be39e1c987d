import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export const staffRoleOptions = ['officeAdmin', 'billingStaff', 'readOnly'] as const;
export type StaffRoleOption = (typeof staffRoleOptions)[number];

export interface StaffRow {
  id: number;
  email: string;
  role: StaffRoleOption;
  status: 'invited' | 'active' | 'deactivated';
  secondFactor: boolean;
  createdAt: string;
}

export const inviteFields = ['email', 'role'] as const;

export type InviteField = (typeof inviteFields)[number];

export type InviteProblem = 'required' | 'invalid' | 'taken';

/** Why a call failed as a whole: it would leave no office admin, signed out meanwhile, the network, the server. */
export type StaffAdminFailure = 'lastOfficeAdmin' | 'expired' | 'network' | 'serverError';

export type StaffAdminRejection = FormRejection<InviteField, InviteProblem, StaffAdminFailure>;

/** What was just done, said above the list. */
export type StaffAdminNotice = { kind: 'invited' | 'roleChanged' | 'deactivated'; email: string } | null;

export interface StaffAdminContext extends FormContext<InviteField, InviteProblem, StaffAdminFailure> {
  staff: StaffRow[];
  notice: StaffAdminNotice;
  /** The member whose deactivation waits for a yes. */
  confirming: number | null;
  /** The role change that waits for a yes, and then is on its way. */
  roleChange: { id: number; role: StaffRoleOption } | null;
}

export type StaffAdminEvent =
  | FormEvent<InviteField>
  | { type: 'staff.changeRole'; id: number; role: StaffRoleOption }
  | { type: 'staff.deactivate'; id: number }
  | { type: 'staff.confirm' }
  | { type: 'staff.cancel' };
