import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Screen } from '@/components/screen';
import { sessionItem, storageKeys } from '@/lib/storage';

/**
 * Says a reset link went to the address typed (kept in this tab's session storage), in the same
 * words whether or not the address has an account.
 */
export function ResetEmailSentScreen() {
  const [email] = useState(() => sessionItem.get(storageKeys.forgotPasswordEmail));
  return (
    <Screen title={<Trans>Check your email</Trans>} narrow>
      <div className="notice notice-success" data-testid="reset-link-sent">
        <p>
          {email ? (
            <Trans>
              We sent a link to reset your password to <strong>{email}</strong>.
            </Trans>
          ) : (
            <Trans>We sent a link to reset your password to the email address you gave.</Trans>
          )}
        </p>
        <p>
          <Trans>Open it within one hour. The link works once, and only the newest link works.</Trans>
        </p>
      </div>
      <p>
        <Trans>No email after a few minutes? Look in your spam folder, or check the address and ask again.</Trans>
      </p>
      <div className="actions">
        <Link to="/{-$client}/login" className="button">
          <Trans>Go to sign in</Trans>
        </Link>
        <Link to="/{-$client}/forgotpassword" className="button button-secondary">
          <Trans>Use a different address</Trans>
        </Link>
      </div>
    </Screen>
  );
}
