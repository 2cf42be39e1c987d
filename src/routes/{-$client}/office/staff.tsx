import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { listStaff } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { StaffScreen } from '@/features/office/staff-screen';

export const Route = createFileRoute('/{-$client}/office/staff')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ abortController, parentMatchPromise }) => {
    const session = (await parentMatchPromise).loaderData;
    // Signed out, the layout shows the sign-in in place of this screen: nothing to ask for.
    if (session?.stage !== 'signedIn') return null;
    return { staff: await listStaff({ signal: abortController.signal }), ownEmail: session.email };
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Staff`,
  },
  component: StaffRoute,
  errorComponent: OfficeLoadFailed,
});

function StaffRoute() {
  const loaded = Route.useLoaderData();
  return loaded ? <StaffScreen staff={loaded.staff} ownEmail={loaded.ownEmail} /> : null;
}
