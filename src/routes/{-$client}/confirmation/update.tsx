import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireBillingUser } from '@/app/guards';
import { ConfirmEmailScreen } from '@/features/member/confirm-email-screen';
import { keepEmailToken } from '@/features/member/email-token';

export const Route = createFileRoute('/{-$client}/confirmation/update')({
  // The link's token leaves the address bar at once and waits in this tab through a sign-in.
  beforeLoad: (args) => {
    if (keepEmailToken(args.location.hash)) throw redirect({ href: args.location.pathname, replace: true });
    return requireBillingUser(args);
  },
  staticData: {
    // Its guard must keep the link's #token before sending anyone to sign in.
    rendersInBrowser: true,
    title: msg`Confirm your changes`,
    breadcrumbs: [{ label: msg`Member information`, to: '/{-$client}/member' }],
  },
  component: ConfirmEmailScreen,
});
