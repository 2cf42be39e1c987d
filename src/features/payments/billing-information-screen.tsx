import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The payer's name and address for an online payment. */
export function BillingInformationScreen() {
  return (
    <Screen title={<Trans>Billing information</Trans>}>
      <p>
        <Trans>Here you enter the name and address of the person paying.</Trans>
      </p>
    </Screen>
  );
}
