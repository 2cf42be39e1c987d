import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { ActivateAccountScreen } from '@/features/registration/activate-account-screen';
import { keepActivationToken } from '@/features/registration/activation-token';

export const Route = createFileRoute('/{-$client}/confirmation/activate')({
  // The link's token leaves the address bar (and the history) at once and waits in this tab.
  beforeLoad: ({ location }) => {
    if (keepActivationToken(location.hash, location.searchStr)) throw redirect({ href: location.pathname, replace: true });
  },
  staticData: {
    // The token is in the link's fragment, which never reaches the server: only the browser can
    // tell a link with a token from one without.
    rendersInBrowser: true,
    title: msg`Activate your account`,
    breadcrumbs: [{ label: msg`Create an account`, to: '/{-$client}/registration' }],
  },
  component: ActivateRoute,
});

function ActivateRoute() {
  // Every link opened is a new attempt, with a screen of its own: a second link opened in the same
  // tab differs only in its fragment, so the page is not loaded anew, only navigated to again.
  const opened = useLocation({ select: (location) => location.state.__TSR_key });
  return <ActivateAccountScreen key={opened} />;
}
