import { msg } from '@lingui/core/macro';
import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { loadOfficeScreen, OfficeScreen } from '@/features/office/office-screens';
import { loadOnce } from '@/lib/rendered-loader-data';

// Every console screen behind one route: the rest of the address picks it (office-screens.tsx).
export const Route = createFileRoute('/{-$client}/office/$')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loaderDeps: ({ search }) => ({ search }),
  // Money and people change all day: asked again on every visit.
  // A server-rendered page hydrates with the screen's data as the server rendered it (asked anew, a
  // payment or a key made meanwhile would not match the page).
  loader: ({ params, deps, abortController, parentMatchPromise }) =>
    loadOnce('/{-$client}/office/$', async () =>
      loadOfficeScreen(params._splat ?? '', deps.search, (await parentMatchPromise).loaderData, abortController.signal),
    ),
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Billing office`,
  },
  component: OfficeScreenRoute,
  errorComponent: OfficeLoadFailed,
});

function OfficeScreenRoute() {
  const loaded = Route.useLoaderData();
  const session = useLoaderData({ from: '/{-$client}/office' });
  if (!loaded || session.stage !== 'signedIn') return null;
  return loaded.screen === 'notFound' ? <NotFoundScreen /> : <OfficeScreen loaded={loaded} session={session} />;
}
