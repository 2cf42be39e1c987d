import type { SnapshotFrom } from 'xstate';
import type { AccessRemovalMachine } from './access-removal.machine';

type AccessRemovalSnapshot = SnapshotFrom<AccessRemovalMachine>;

/** What the access-removal page shows. */
export const selectAccessRemovalStatus = (snapshot: AccessRemovalSnapshot): 'ready' | 'removing' | 'failed' | 'removed' | 'linkUnusable' =>
  snapshot.matches('failed')
    ? 'failed'
    : snapshot.matches('removed')
      ? 'removed'
      : snapshot.matches('linkUnusable')
        ? 'linkUnusable'
        : snapshot.matches('removing')
          ? 'removing'
          : 'ready';
export const selectAccessRemovalFailure = (snapshot: AccessRemovalSnapshot) => snapshot.context.failure;
export const selectIsRemovingAccess = (snapshot: AccessRemovalSnapshot): boolean => snapshot.hasTag('busy');
