import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** The provider's documents for the account. */
export function DocumentsScreen() {
  return (
    <Screen title={<Trans>Documents</Trans>}>
      <p>
        <Trans>This page lists the documents your healthcare provider shares with you, such as billing statements and notices.</Trans>
      </p>
    </Screen>
  );
}
