import type { SnapshotFrom } from 'xstate';
import type { LoadingMachine } from './loading.machine';

/** The overlay shows while loading is on and has not timed out. */
export const selectShowsOverlay = (snapshot: SnapshotFrom<LoadingMachine>): boolean => snapshot.hasTag('overlay');
