import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '@/components/load-failed';
import { ApiError } from '@/lib/api/errors';

/** A console screen whose data could not be loaded: signed out meanwhile, or a failure; both offer to go on. */
export function OfficeLoadFailed({ error }: ErrorComponentProps) {
  const signedOut = error instanceof ApiError && error.code === 'notSignedIn';
  const forbidden = error instanceof ApiError && error.code === 'forbidden';
  return (
    <LoadFailed title={<Trans>Billing office</Trans>}>
      {forbidden ? (
        <Trans>Your role does not include this page. An office admin can change your role.</Trans>
      ) : signedOut ? (
        <Trans>Your session has ended (15 minutes without activity). Choose Try again to sign in again.</Trans>
      ) : (
        <Trans>We could not load this page. Check your connection, then try again.</Trans>
      )}
    </LoadFailed>
  );
}
