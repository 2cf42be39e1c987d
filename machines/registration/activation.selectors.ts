import type { SnapshotFrom } from 'xstate';
import type { ActivationMachine } from './activation.machine';
import type { ResendActivationMachine } from './resend-activation.machine';

type ActivationSnapshot = SnapshotFrom<ActivationMachine>;
type ResendSnapshot = SnapshotFrom<ResendActivationMachine>;

/** What the activation page shows. */
export const selectActivationStatus = (snapshot: ActivationSnapshot): 'activating' | 'failed' | 'activated' | 'linkUnusable' =>
  snapshot.matches('failed') ? 'failed' : snapshot.matches('activated') ? 'activated' : snapshot.matches('linkUnusable') ? 'linkUnusable' : 'activating';
export const selectActivationFailure = (snapshot: ActivationSnapshot) => snapshot.context.failure;

/** What the "send the link again" offer shows. */
export const selectResendStatus = (snapshot: ResendSnapshot): 'idle' | 'sending' | 'sent' | 'failed' =>
  snapshot.matches('sending') ? 'sending' : snapshot.matches('sent') ? 'sent' : snapshot.matches('failed') ? 'failed' : 'idle';
export const selectResendFailure = (snapshot: ResendSnapshot) => snapshot.context.failure;
export const selectIsResending = (snapshot: ResendSnapshot): boolean => snapshot.hasTag('busy');
