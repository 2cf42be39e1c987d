import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { getStaffSession, listStaff } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { StaffScreen } from '@/features/office/staff-screen';

export const Route = createFileRoute('/{-$client}/office/staff')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ abortController }) => {
    const [staff, session] = await Promise.all([listStaff({ signal: abortController.signal }), getStaffSession({ signal: abortController.signal })]);
    return { staff, ownEmail: session.stage === 'signedIn' ? session.email : '' };
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
  const { staff, ownEmail } = Route.useLoaderData();
  return <StaffScreen staff={staff} ownEmail={ownEmail} />;
}
