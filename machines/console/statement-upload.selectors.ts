import type { SnapshotFrom } from 'xstate';
import type { StatementUploadMachine } from './statement-upload.machine';

type Snapshot = SnapshotFrom<StatementUploadMachine>;

export const selectIsUploading = (snapshot: Snapshot): boolean => snapshot.matches('uploading');
/** The upload has its answer: imported, or refused whole. */
export const selectIsFinished = (snapshot: Snapshot): boolean => snapshot.matches('done') || snapshot.matches('refused');
export const selectChosen = (snapshot: Snapshot) => snapshot.context.chosen;
export const selectSent = (snapshot: Snapshot): number => snapshot.context.sent;
export const selectTotal = (snapshot: Snapshot): number => snapshot.context.total;
export const selectProblem = (snapshot: Snapshot) => snapshot.context.problem;
