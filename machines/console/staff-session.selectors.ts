import type { SnapshotFrom } from 'xstate';
import type { StaffSessionMachine } from './staff-session.machine';

type Snapshot = SnapshotFrom<StaffSessionMachine>;

/** The warning that the session is ending is open (also while staying signed in is on its way). */
export const selectIsWarning = (snapshot: Snapshot): boolean => snapshot.hasTag('warning');
/** Stay signed in was chosen and is on its way. */
export const selectIsExtending = (snapshot: Snapshot): boolean => snapshot.matches({ signedIn: 'extending' });
/** The session has ended: the console says so and offers to sign in again over the screen. */
export const selectHasEnded = (snapshot: Snapshot): boolean => snapshot.hasTag('ended');
/** A call of the session's own is on its way (staying signed in, or signing out). */
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** When the session ends (ms since the epoch), as of the last answer: what the warning counts down to. */
export const selectSessionEndsAt = (snapshot: Snapshot): number => snapshot.context.sessionEndsAt;
/** Why the last attempt to stay signed in failed, if it did. */
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
/** Who is signed in (the sign-in over the screen starts with their email). */
export const selectEmail = (snapshot: Snapshot): string => snapshot.context.email;
