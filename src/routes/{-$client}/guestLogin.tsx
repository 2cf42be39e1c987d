import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { leaveGuestLoginWhenSignedIn, validateSignInSearch } from '@/app/guards';
import { GuestLoginScreen } from '@/features/guest-login/guest-login-screen';

export const Route = createFileRoute('/{-$client}/guestLogin')({
  validateSearch: validateSignInSearch,
  beforeLoad: leaveGuestLoginWhenSignedIn,
  staticData: {
    title: msg`Pay as a guest`,
  },
  component: GuestLoginScreen,
});
