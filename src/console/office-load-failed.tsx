import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '@/components/load-failed';
import { ApiError } from '@/lib/api/errors';

/** Why a console page could not be loaded: the role does not include it, the session ended meanwhile, or a failure. */
export type OfficeFailure = 'forbidden' | 'signedOut' | 'failed';

/** What a failed call means to the console's pages. */
export function officeFailure(error: unknown): OfficeFailure {
  if (error instanceof ApiError && error.code === 'forbidden') return 'forbidden';
  return error instanceof ApiError && error.code === 'notSignedIn' ? 'signedOut' : 'failed';
}

/** A console page whose data could not be loaded: it says why, and offers to go on. */
export function OfficeFailed({ failure }: { failure: OfficeFailure }) {
  return (
    <LoadFailed title={<Trans>Billing office</Trans>}>
      {failure === 'forbidden' ? (
        <Trans>Your role does not include this page. An office admin can change your role.</Trans>
      ) : failure === 'signedOut' ? (
        <Trans>Your session has ended (15 minutes without activity). Choose Try again to sign in again.</Trans>
      ) : (
        <Trans>We could not load this page. Check your connection, then try again.</Trans>
      )}
    </LoadFailed>
  );
}

/** The console's route when not even the staff session could be asked for. */
export function OfficeLoadFailed({ error }: ErrorComponentProps) {
  return <OfficeFailed failure={officeFailure(error)} />;
}
