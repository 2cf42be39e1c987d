import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Screen } from '@/components/screen';
import { forgetLinkToken, takeLinkToken } from '@/lib/link-token';
import { useConsoleEvents } from './console-root';
import { StaffEnrolmentScreen } from './staff-enrolment-screen';

/** Where this tab keeps the invitation's token until it is spent. */
const INVITATION_TOKEN_KEY = 'officeInvitationToken';
const takeInvitationToken = () => takeLinkToken(INVITATION_TOKEN_KEY);
/** The token never changes while the page is open: nothing to subscribe to. */
const noChanges = () => () => undefined;

/**
 * The set-up page (`/{client}/office/welcome`): `enrolling` when a password is set and the second
 * factor is still to come. Once done, the console's root learns who is signed in, and the console opens.
 */
export function WelcomeScreen({ enrolling, clientCode }: { enrolling: boolean; clientCode: string | undefined }) {
  const { enrolled } = useConsoleEvents();
  // The invitation's token travels in the link's fragment (`#token=…`), which no server sees: the
  // browser takes it out of the address once the page is there (undefined until then, as on the server).
  const token = useSyncExternalStore(noChanges, takeInvitationToken, () => undefined);
  if (token === undefined && !enrolling) {
    return (
      <Screen title={<Trans>Set up your sign-in</Trans>} narrow>
        <p role="status">
          <Trans>Opening your invitation…</Trans>
        </p>
      </Screen>
    );
  }
  return (
    <StaffEnrolmentScreen
      token={token ?? null}
      enrolling={enrolling}
      signInPath={clientCode ? `/${clientCode}/office/` : '/office/'}
      onDone={() => {
        forgetLinkToken(INVITATION_TOKEN_KEY);
        enrolled();
      }}
    />
  );
}
