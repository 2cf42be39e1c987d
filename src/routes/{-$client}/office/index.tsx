import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { getToday } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { TodayScreen } from '@/features/office/today-screen';

export const Route = createFileRoute('/{-$client}/office/')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  // Money moves all day: asked again on every visit.
  loader: async ({ abortController, parentMatchPromise }) => {
    const parent = await parentMatchPromise;
    // Signed out, the layout shows the sign-in in place of this screen: nothing to ask for.
    return parent.loaderData?.stage === 'signedIn' ? getToday({ signal: abortController.signal }) : null;
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Today`,
  },
  component: TodayRoute,
  errorComponent: OfficeLoadFailed,
});

function TodayRoute() {
  const today = Route.useLoaderData();
  return today ? <TodayScreen today={today} /> : null;
}
