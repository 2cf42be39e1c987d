/**
 * What a staff member may do in the console, computed once per role from the role groups of the contracts that the server's declarations use for each endpoint's
 * `access.staffRoles` (staff-allowances.test.ts holds the two together; the SPA's build strips the
 * declarations' access): no screen decides from a role, and none offers what the server refuses.
 */
import { billingStaff, officeAdmins, staffRoles, type StaffRole } from '@contracts/console';
import type { ConsoleMachine } from '@machines/console/console.machine';
import { selectStaffRole } from '@machines/console/console.selectors';
import type { SnapshotFrom } from 'xstate';

export interface StaffAllowances {
  /** Help a patient: send the activation link again, end their sessions, clear a sign-in lock. */
  helpPatients: boolean;
  /** Refund a payment. */
  refund: boolean;
  /** Upload a statement file. */
  importStatements: boolean;
  /** Change the lab's colours, logo and settings. */
  editBranding: boolean;
  /** Invite staff, change their roles, deactivate them (the Staff screen). */
  manageStaff: boolean;
  /** API keys and webhooks (the Integrations screen). */
  manageIntegrations: boolean;
}

/** The roles each allowance is given to. */
export const allowedRoles: Readonly<Record<keyof StaffAllowances, readonly StaffRole[]>> = {
  helpPatients: billingStaff,
  refund: billingStaff,
  importStatements: billingStaff,
  editBranding: officeAdmins,
  manageStaff: officeAdmins,
  manageIntegrations: officeAdmins,
};

/** What `role` may do: each allowance read from the roles it is given to. */
export function staffAllowances(role: StaffRole): StaffAllowances {
  const entries = Object.entries(allowedRoles).map(([allowance, roles]) => [allowance, roles.includes(role)]);
  return Object.fromEntries(entries) as Record<keyof StaffAllowances, boolean>;
}

/** Each role's allowances, computed once. */
const byRole = Object.fromEntries(staffRoles.map((role) => [role, staffAllowances(role)])) as Record<StaffRole, StaffAllowances>;

/** What the signed-in staff member may do, from the role's tag on the console's root; null while nobody is signed in. */
export function selectStaffAllowances(snapshot: SnapshotFrom<ConsoleMachine>): StaffAllowances | null {
  const role = selectStaffRole(snapshot);
  return role === null ? null : byRole[role];
}
