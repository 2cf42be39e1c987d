import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Confirms an account change from the link in the confirmation email. */
export function ConfirmUpdateScreen() {
  return (
    <Screen title={<Trans>Confirm your changes</Trans>}>
      <p>
        <Trans>This page confirms a change to your account when you follow the link we sent to your email address.</Trans>
      </p>
    </Screen>
  );
}
