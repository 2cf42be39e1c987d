import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Choosing which of the user's clients to work with. */
export function SwitchClientsScreen() {
  return (
    <Screen title={<Trans>Switch provider</Trans>}>
      <p>
        <Trans>When you have accounts with more than one healthcare provider, here you choose whose bills to see.</Trans>
      </p>
    </Screen>
  );
}
