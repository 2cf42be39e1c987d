import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleScreen } from '@/console/console-screen';
import { loadToday, type Loaded } from '@/console/screen-loads';
import { TodayScreen } from '@/console/today-screen';

/** The console's first screen: the business day's money, imports and deliveries. */
export const Route = createFileRoute('/{-$client}/office/')({
  // Money and people change all day: asked again on every visit.
  loader: ({ context, abortController }) => loadToday(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Today`,
  },
  component: TodayRoute,
});

function TodayRoute() {
  const loaded: Loaded<typeof loadToday> = Route.useLoaderData();
  return <ConsoleScreen loaded={loaded}>{(today) => <TodayScreen today={today} />}</ConsoleScreen>;
}
