import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** Whether the root knows someone signed in (the session told it). */
export const selectAppSignedIn = (snapshot: AppSnapshot): boolean => snapshot.matches('signedIn');
