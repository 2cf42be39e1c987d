import { selectIsSignedIn } from '@machines/session/session.selectors';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { settledSession } from '@/app/guards';
import { LoginScreen } from '@/features/auth/login-screen';
import { toInternalPath } from '@/lib/safe-redirect';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/{-$client}/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const target = toInternalPath(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context, params, search }) => {
    // Someone signed in does not need this page: send them where they were going.
    const snapshot = await settledSession(context);
    if (!selectIsSignedIn(snapshot)) return;
    if (search.redirect) throw redirect({ href: search.redirect, replace: true });
    throw redirect({ to: '/{-$client}/invoices', params: { client: params.client }, replace: true });
  },
  component: LoginScreen,
});
