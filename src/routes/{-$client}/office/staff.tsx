import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleScreen } from '@/console/console-screen';
import { loadStaff, type Loaded } from '@/console/screen-loads';
import { StaffScreen } from '@/console/staff-screen';

/** The lab's staff: invitations, roles, deactivation (office admins). */
export const Route = createFileRoute('/{-$client}/office/staff')({
  loader: ({ context, abortController }) => loadStaff(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Staff`,
  },
  component: StaffRoute,
});

function StaffRoute() {
  const loaded: Loaded<typeof loadStaff> = Route.useLoaderData();
  return <ConsoleScreen loaded={loaded}>{(staff, { session }) => <StaffScreen staff={staff} ownEmail={session.email} />}</ConsoleScreen>;
}
