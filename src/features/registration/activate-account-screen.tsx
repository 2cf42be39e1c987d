import { Trans } from '@lingui/react/macro';
import { activationMachine } from '@machines/registration/activation.machine';
import { selectActivationFailure, selectActivationStatus } from '@machines/registration/activation.selectors';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { withClientPrefix } from '@/lib/client-path';
import { createAppActor } from '@/lib/create-app-actor';
import { forgetLinkToken, takeLinkToken } from '@/lib/link-token';
import { activationEvents } from './registration-events';
import { createActivationImplementations } from './registration.implementations';
import { useScreenActor } from './use-screen-actor';

/** Where this tab keeps the link's token until it is spent. */
const activationTokenKey = 'activationToken';

/**
 * The activation email's link: it activates the account once and the success screen then leads
 * to sign-in. The page takes the link's token out of the address as it opens.
 */
export function ActivateAccountScreen() {
  const navigate = useNavigate();
  const actor = useScreenActor(() =>
    createAppActor(
      activationMachine.provide(
        createActivationImplementations({
          forgetToken: () => forgetLinkToken(activationTokenKey),
          // Replacing the history entry: the spent link is no page to come back to.
          showActivated: () =>
            void navigate({
              to: '/{-$client}/success',
              params: (current) => current,
              search: { message: 'accountActivated', redirect: withClientPrefix('/login', window.location.pathname) },
              replace: true,
            }),
        }),
      ),
      { input: { token: takeLinkToken(activationTokenKey) } },
    ),
  );
  const status = useSelector(actor, selectActivationStatus);
  const failure = useSelector(actor, selectActivationFailure);
  const title = <Trans>Activate your account</Trans>;

  if (status === 'linkUnusable') {
    return (
      <Screen title={title} narrow>
        <div className="notice notice-error" role="alert">
          <p>
            <Trans>This activation link cannot be used: it was used already, is older than 24 hours, or is incomplete.</Trans>
          </p>
        </div>
        <p>
          <Trans>
            If you have activated your account already, simply sign in. If not, sign in with your email address and password:
            you will be offered a new link.
          </Trans>
        </p>
        <div className="actions">
          <Link to="/{-$client}/login" className="button">
            <Trans>Go to sign in</Trans>
          </Link>
        </div>
      </Screen>
    );
  }
  if (status === 'failed') {
    return (
      <Screen title={title} narrow>
        <div className="notice notice-error" role="alert">
          <p>
            {failure === 'network' ? (
              <Trans>We could not reach the server. Please check your connection and try again.</Trans>
            ) : (
              <Trans>Something went wrong on our side. Please try again.</Trans>
            )}
          </p>
        </div>
        <div className="actions">
          <button type="button" className="button" onClick={activationEvents(actor).retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </Screen>
    );
  }
  // Activating, and the moment before the success screen replaces this one.
  return (
    <Screen title={title} narrow>
      <p role="status">
        <Trans>Activating your account…</Trans>
      </p>
    </Screen>
  );
}
