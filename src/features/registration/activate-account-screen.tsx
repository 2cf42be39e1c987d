import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Confirms a new account from the link in the activation email. */
export function ActivateAccountScreen() {
  return (
    <Screen title={<Trans>Activate your account</Trans>}>
      <p>
        <Trans>This page confirms your new account when you follow the link we sent to your email address.</Trans>
      </p>
    </Screen>
  );
}
