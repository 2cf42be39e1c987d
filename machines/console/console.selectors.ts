import type { StaffRole } from '@contracts/console';
import type { SnapshotFrom } from 'xstate';
import type { ConsoleMachine } from './console.machine';
import { consoleRoles, type SignedInStaff, type StaffSession } from './console.types';

type Snapshot = SnapshotFrom<ConsoleMachine>;

/** What the console shows for the session: null while it is still being learned (or signing out). */
export type ConsoleStage = 'signedOut' | 'secondFactor' | 'enrolling' | 'signedIn' | 'unavailable';

/** Whether the console knows what to show (the route's loader waits for it). */
export const selectIsSettled = (snapshot: Snapshot): boolean => !snapshot.matches('starting') && !snapshot.hasTag('busy');

/** What the console shows for the session, once settled. */
export function selectStage(snapshot: Snapshot): ConsoleStage | null {
  if (!selectIsSettled(snapshot)) return null;
  if (snapshot.hasTag('signedIn')) return 'signedIn';
  if (snapshot.matches({ signingIn: 'secondFactor' })) return 'secondFactor';
  if (snapshot.matches({ signingIn: 'enrolling' })) return 'enrolling';
  if (snapshot.matches('unavailable')) return 'unavailable';
  return 'signedOut';
}

/** The signed-in staff member's role, from the role's tag; null while nobody is signed in. */
export const selectStaffRole = (snapshot: Snapshot): StaffRole | null => consoleRoles.find((role) => snapshot.hasTag(`role:${role}`)) ?? null;

/** Where the staff session stood at the last answer. */
export const selectSession = (snapshot: Snapshot): StaffSession => snapshot.context.session;

/** The signed-in staff member (email, lab, role, idle time), or null. */
export const selectSignedInStaff = (snapshot: Snapshot): SignedInStaff | null =>
  snapshot.hasTag('signedIn') && snapshot.context.session.stage === 'signedIn' ? snapshot.context.session : null;

/** Why the session could not be learned, if it could not. */
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;

/** The staff session (the keep-alive), while signed in. */
export const selectStaffSessionActor = (snapshot: Snapshot) => snapshot.children.staffSession;
