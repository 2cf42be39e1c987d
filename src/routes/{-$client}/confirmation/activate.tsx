import { msg } from '@lingui/core/macro';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { ActivateAccountScreen } from '@/features/registration/activate-account-screen';

export const Route = createFileRoute('/{-$client}/confirmation/activate')({
  staticData: {
    // The token is in the link's fragment, which never reaches the server: only the browser can
    // tell a link with a token from one without (the page takes it out of the address).
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
