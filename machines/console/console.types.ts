/**
 * The vocabulary of the console's root: where the staff session stands (as the server says it),
 * what the console's screens tell it, and the tags it answers with.
 */
import type { StaffRole, StaffSession } from '@contracts/console';

export type { StaffRole, StaffSession };

/** A signed-in staff session, as the server answers it. */
export type SignedInStaff = Extract<StaffSession, { stage: 'signedIn' }>;

/** Why the staff session could not be learned: the network, or the server. */
export type ConsoleFailure = 'network' | 'serverError';

export interface ConsoleContext {
  /** Where the staff session stood at the last answer (`none` before the first). */
  session: StaffSession;
  /** Why the last attempt to learn it failed, if it did. */
  failure: ConsoleFailure | null;
}

export type ConsoleEvent =
  /** The console's first page is loading in this tab: ask the server where the session stands. */
  | { type: 'console.start' }
  /** The browser took over a page the server rendered, with the session it was rendered with. */
  | { type: 'console.resumed'; session: StaffSession }
  /** The session could not be learned, and the page is tried again. */
  | { type: 'console.retry' }
  /** The sign-in (its second factor answered) is done: the new session. */
  | { type: 'console.signedIn'; session: SignedInStaff }
  /** The password was right, but no second factor is set up yet: whose password. */
  | { type: 'console.enrolmentOwed'; email: string }
  /** A second factor was set up: the staff member is signed in (the server says as whom). */
  | { type: 'console.enrolled' }
  /** Sign out, from the console's menu. */
  | { type: 'console.signOut' }
  /** A console call was refused because the session had ended (401 notSignedIn). */
  | { type: 'console.refused' }
  /** The staff session (the child) signed out from its warning or from the sign-in over the screen. */
  | { type: 'console.signedOut' }
  /** Someone else signed in over the screen (the child). */
  | { type: 'console.replaced' };

/**
 * Each of the contracts' staff roles in the chart's words, most allowed first (a role the contracts
 * add fails to compile here). Machines take the contracts' types only, so the list is written here:
 * staff-allowances.test.ts holds it equal to the contracts' `staffRoles`.
 */
export const staffRoleWords: Record<StaffRole, string> = { officeAdmin: 'an office admin', billingStaff: 'billing staff', readOnly: 'read-only staff' };

/** The staff roles, most allowed first. */
export const consoleRoles = Object.keys(staffRoleWords) as StaffRole[];

/** A role's tag: `role:officeAdmin`, `role:billingStaff`, `role:readOnly`. */
export type RoleTag = `role:${StaffRole}`;

export type ConsoleTag = 'signedIn' | 'busy' | RoleTag;

/** The root's children, by id. */
export const consoleChildIds = { staffSession: 'staffSession' } as const;
