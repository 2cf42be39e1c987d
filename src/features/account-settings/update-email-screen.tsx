import { Trans } from '@lingui/react/macro';
import { Screen } from '@/components/screen';

/** Changing the email address. */
export function UpdateEmailScreen() {
  return (
    <Screen title={<Trans>Update email</Trans>}>
      <p>
        <Trans>Here you change the email address you sign in with and receive messages at.</Trans>
      </p>
    </Screen>
  );
}
