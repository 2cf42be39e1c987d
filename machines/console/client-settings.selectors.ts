import type { SnapshotFrom } from 'xstate';
import type { ClientSettingsMachine } from './client-settings.machine';

type Snapshot = SnapshotFrom<ClientSettingsMachine>;

export const selectSavedNotice = (snapshot: Snapshot) => snapshot.context.savedNotice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
