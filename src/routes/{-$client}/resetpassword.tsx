import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/password-reset/reset-password-screen';
import { keepResetToken } from '@/features/password-reset/reset-token';

export const Route = createFileRoute('/{-$client}/resetpassword')({
  // The link's token leaves the address bar (and the history) at once and waits in this tab.
  beforeLoad: ({ location }) => {
    if (keepResetToken(location.hash)) throw redirect({ href: location.pathname, replace: true });
  },
  staticData: {
    title: msg`Reset your password`,
    breadcrumbs: [{ label: msg`Sign in`, to: '/{-$client}/login' }],
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { client } = Route.useParams();
  return <ResetPasswordScreen clientCode={client?.toUpperCase()} />;
}
