import type { SnapshotFrom } from 'xstate';
import type { BrandLogoMachine } from './brand-logo.machine';

type Snapshot = SnapshotFrom<BrandLogoMachine>;

export const selectLogo = (snapshot: Snapshot) => snapshot.context.logo;
export const selectRefusal = (snapshot: Snapshot) => snapshot.context.refusal;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectIsConfirmingRemoval = (snapshot: Snapshot): boolean => snapshot.matches('confirmingRemoval');
export const selectIsUploading = (snapshot: Snapshot): boolean => snapshot.matches('uploading');
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
