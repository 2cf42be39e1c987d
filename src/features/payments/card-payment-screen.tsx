import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Paying by card. */
export function CardPaymentScreen() {
  return (
    <Screen title={<Trans>Card payment</Trans>}>
      <p>
        <Trans>Here you enter your card details to pay. We never store your card number.</Trans>
      </p>
    </Screen>
  );
}
