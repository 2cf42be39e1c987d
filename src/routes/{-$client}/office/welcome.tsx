import { msg } from '@lingui/core/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { StaffEnrolmentScreen } from '@/features/office/staff-enrolment-screen';

/** The invitation link's token, when the address carries one of the right shape. */
function parseWelcomeSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(search.token) ? { token: search.token } : {};
}

export const Route = createFileRoute('/{-$client}/office/welcome')({
  validateSearch: parseWelcomeSearch,
  staticData: {
    title: msg`Set up your sign-in`,
  },
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { token } = Route.useSearch();
  const { client } = Route.useParams();
  const navigate = useNavigate();
  return (
    <StaffEnrolmentScreen
      token={token ?? null}
      signInPath={client ? `/${client}/office/` : '/office/'}
      onDone={() => void navigate({ to: '/{-$client}/office', params: (current) => current, search: {} })}
    />
  );
}
