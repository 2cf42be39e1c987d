import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Screen } from '@/components/screen';

/** The privacy notice: what the portal keeps, and for how long. */
export function PrivacyScreen() {
  return (
    <Screen title={<Trans>Privacy</Trans>}>
      <h2>
        <Trans>Your billing information</Trans>
      </h2>
      <p>
        <Trans>We use the information on your billing account only to show you your invoices and to take your payments.</Trans>
      </p>
      <h2>
        <Trans>Cookies</Trans>
      </h2>
      <p>
        <Trans>
          This portal uses cookies only to keep you signed in and your session secure, and remembers your language choice in your browser.
          It uses no advertising or tracking cookies.
        </Trans>
      </p>
      <h2>
        <Trans>Card payments</Trans>
      </h2>
      <p>
        <Trans>We never store your card number.</Trans>
      </p>
      <h2>
        <Trans>Signing out</Trans>
      </h2>
      <p>
        <Trans>Your session ends when you sign out, or after some minutes without activity.</Trans>
      </p>
      <h2>
        <Trans>Questions</Trans>
      </h2>
      <p>
        <Trans>
          Your healthcare provider is responsible for your billing information. To see or correct it, <Link to="/{-$client}/contact">contact
          their billing office</Link>.
        </Trans>
      </p>
    </Screen>
  );
}
