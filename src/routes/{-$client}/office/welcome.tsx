import { msg } from '@lingui/core/macro';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { getStaffSession } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { StaffEnrolmentScreen } from '@/features/office/staff-enrolment-screen';
import { loadOnce } from '@/lib/rendered-loader-data';

/** The invitation link's token, when the address carries one of the right shape. */
function parseWelcomeSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(search.token) ? { token: search.token } : {};
}

export const Route = createFileRoute('/{-$client}/office/welcome')({
  validateSearch: parseWelcomeSearch,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  // Whether this browser's staff session waits for its second factor to be set up.
  loader: ({ abortController }) => loadOnce('/{-$client}/office/welcome', () => getStaffSession({ signal: abortController.signal })),
  staleTime: 0,
  gcTime: 0,
  errorComponent: OfficeLoadFailed,
  staticData: {
    title: msg`Set up your sign-in`,
  },
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { token } = Route.useSearch();
  const session = Route.useLoaderData();
  const { client } = Route.useParams();
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <StaffEnrolmentScreen
      token={token ?? null}
      enrolling={session.stage === 'enrol'}
      signInPath={client ? `/${client}/office/` : '/office/'}
      // The console's frame learns first that the session is signed in now, then the console opens.
      onDone={() => void router.invalidate().then(() => navigate({ to: '/{-$client}/office', params: (current) => current, search: {} }))}
    />
  );
}
