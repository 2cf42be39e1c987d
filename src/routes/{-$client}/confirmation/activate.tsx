import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ActivateAccountScreen } from '@/features/registration/activate-account-screen';

export const Route = createFileRoute('/{-$client}/confirmation/activate')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  staticData: {
    title: msg`Activate your account`,
    breadcrumbs: [{ label: msg`Create an account`, to: '/{-$client}/registration' }],
  },
  component: ActivateRoute,
});

function ActivateRoute() {
  const { token } = Route.useSearch();
  return <ActivateAccountScreen token={token ?? null} />;
}
