import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import { apiKeyProblems, type ApiKeysMachine } from './api-keys.machine';
import { apiKeyFields } from './api-keys.types';

type Snapshot = SnapshotFrom<ApiKeysMachine>;

export const selectKeys = (snapshot: Snapshot) => snapshot.context.keys;
/** The key just made, shown in full this once. */
export const selectShownKey = (snapshot: Snapshot) => snapshot.context.shownKey;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
/** The prefix of the key whose revocation waits for a yes, while the question is asked. */
export const selectConfirmingRevoke = (snapshot: Snapshot): string | null => (snapshot.matches('confirmingRevoke') ? snapshot.context.confirming : null);
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The problem each field of the new key's form shows. */
export const selectKeyProblems = (snapshot: Snapshot) => shownProblems(snapshot.context, apiKeyFields, apiKeyProblems(snapshot.context.draft));
