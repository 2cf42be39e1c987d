import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { leaveLoginWhenSignedIn, validateSignInSearch } from '@/app/guards';
import { LoginScreen } from '@/features/auth/login-screen';
import { ResendActivationOffer } from '@/features/registration/resend-activation-offer';

export const Route = createFileRoute('/{-$client}/login')({
  validateSearch: validateSignInSearch,
  beforeLoad: leaveLoginWhenSignedIn,
  staticData: {
    title: msg`Sign in`,
  },
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen NotActivatedHelp={ResendActivationOffer} />;
}
