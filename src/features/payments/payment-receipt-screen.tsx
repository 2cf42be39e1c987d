import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The receipt of an online payment. */
export function PaymentReceiptScreen() {
  return (
    <Screen title={<Trans>Payment receipt</Trans>}>
      <p>
        <Trans>This page shows the receipt of your payment, to print or keep.</Trans>
      </p>
    </Screen>
  );
}
