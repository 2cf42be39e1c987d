import type { SnapshotFrom } from 'xstate';
import type { PatientHelpMachine } from './patient-help.machine';

type Snapshot = SnapshotFrom<PatientHelpMachine>;

export const selectUsers = (snapshot: Snapshot) => snapshot.context.users;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
