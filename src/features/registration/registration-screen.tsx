import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Registering for a billing account. */
export function RegistrationScreen() {
  return (
    <Screen title={<Trans>Create an account</Trans>}>
      <p>
        <Trans>Here you register for a billing account with your account number and an invoice number, to see and pay your bills at any time.</Trans>
      </p>
    </Screen>
  );
}
