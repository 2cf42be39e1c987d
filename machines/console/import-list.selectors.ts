import type { SnapshotFrom } from 'xstate';
import type { ImportListMachine } from './import-list.machine';

type Snapshot = SnapshotFrom<ImportListMachine>;

export const selectImports = (snapshot: Snapshot) => snapshot.context.imports;
/** The report asked for last, once it has come. */
export const selectShownReport = (snapshot: Snapshot) => snapshot.context.shown;
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.context.failed;
