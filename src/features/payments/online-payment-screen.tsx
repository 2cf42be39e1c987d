import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The first step of an online payment: what to pay. */
export function OnlinePaymentScreen() {
  return (
    <Screen title={<Trans>Online payment</Trans>}>
      <p>
        <Trans>Here you choose which invoices to pay and how much to pay on each.</Trans>
      </p>
    </Screen>
  );
}
