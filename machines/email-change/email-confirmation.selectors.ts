import type { SnapshotFrom } from 'xstate';
import type { EmailConfirmationMachine } from './email-confirmation.machine';

type EmailConfirmationSnapshot = SnapshotFrom<EmailConfirmationMachine>;

/** What the confirmation page shows. */
export type EmailConfirmationStatus = 'confirming' | 'confirmFailed' | 'confirmed' | 'linkFailed';

export const selectConfirmationStatus = (snapshot: EmailConfirmationSnapshot): EmailConfirmationStatus => {
  if (snapshot.matches('confirmFailed')) return 'confirmFailed';
  if (snapshot.matches('confirmed')) return 'confirmed';
  if (snapshot.matches('linkFailed')) return 'linkFailed';
  return 'confirming';
};

export const selectConfirmationFailure = (snapshot: EmailConfirmationSnapshot) => snapshot.context.failure;
export const selectChangedTo = (snapshot: EmailConfirmationSnapshot) => snapshot.context.changedTo;
