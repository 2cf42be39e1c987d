import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Reviewing the amounts of an online payment. */
export function PaymentConfirmationScreen() {
  return (
    <Screen title={<Trans>Review your payment</Trans>}>
      <p>
        <Trans>Here you check the invoices and amounts you chose before you go on to pay.</Trans>
      </p>
    </Screen>
  );
}
