import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '@/features/password-reset/forgot-password-screen';

export const Route = createFileRoute('/{-$client}/forgotpassword')({
  staticData: {
    // It shows the address asked for last, which only this tab's session storage knows.
    rendersInBrowser: true,
    title: msg`Forgot your password?`,
    breadcrumbs: [{ label: msg`Sign in`, to: '/{-$client}/login' }],
  },
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { client } = Route.useParams();
  // The page's client signs the email.
  return <ForgotPasswordScreen clientCode={client?.toUpperCase()} />;
}
