import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Ways to pay other than online. */
export function OtherPaymentScreen() {
  return (
    <Screen title={<Trans>Other payment methods</Trans>}>
      <p>
        <Trans>This page lists the other ways to pay your bill, such as by phone or by post.</Trans>
      </p>
    </Screen>
  );
}
