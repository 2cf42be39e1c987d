import type { SnapshotFrom } from 'xstate';
import type { BrandColoursMachine } from './brand-colours.machine';

type Snapshot = SnapshotFrom<BrandColoursMachine>;

export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectSaved = (snapshot: Snapshot) => snapshot.context.saved;
/** The pairs too close, as the server refused them (none until a save is refused for it). */
export const selectServerContrast = (snapshot: Snapshot) => snapshot.context.serverContrast;
/** How many saves were refused so far. */
export const selectRefusals = (snapshot: Snapshot): number => snapshot.context.refusals;
export const selectSavedNotice = (snapshot: Snapshot) => snapshot.context.savedNotice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
