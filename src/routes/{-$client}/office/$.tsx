import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { OfficeLoadFailed } from '@/console/office-load-failed';
import { resumeConsole, useConsoleRouter, withSettledConsole } from '@/console/console-root';
import { loadOffice, OfficePending, OfficeRoute } from '@/console/office-screens';
import { ensureOfficeMessages } from '@/lib/i18n';
import { loadOnce } from '@/lib/rendered-loader-data';

// The billing office's console, every screen behind one route: the rest of the address picks it
// (office-screens.tsx). Its code and styles load with its first screen, never with the patients'.
export const Route = createFileRoute('/{-$client}/office/$')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent'], ['errorComponent']],
  loaderDeps: ({ search }) => ({ search }),
  // What the console's root says of the staff session (it learns it once, then hears of every
  // change), and the screen's data, asked again on every visit (money and people change all day).
  // A server-rendered page hydrates with the data the server rendered (asked anew, a payment or a
  // key made meanwhile would not match the page), and the browser's root resumes its session.
  loader: async ({ params, deps, abortController }) => {
    // The console's messages travel in a catalog of their own, fetched when it opens.
    await ensureOfficeMessages();
    const office = await loadOnce('/{-$client}/office/$', () =>
      withSettledConsole((root) => loadOffice(root, params._splat ?? '', deps.search, abortController.signal), abortController.signal),
    );
    resumeConsole(office.session);
    // Signed in with a password but no second factor yet: the set-up page.
    if (office.stage === 'enrolling' && office.screen?.screen !== 'welcome') {
      throw redirect({ to: '/{-$client}/office/$', params: { client: params.client, _splat: 'welcome' }, search: {}, replace: true });
    }
    return office;
  },
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Billing office`,
  },
  component: OfficeScreenRoute,
  // The console's frame and menu stay while a screen loads (the router's default shows nothing).
  pendingComponent: OfficePending,
  errorComponent: OfficeLoadFailed,
});

function OfficeScreenRoute() {
  const { client } = Route.useParams();
  useConsoleRouter(useRouter());
  return <OfficeRoute office={Route.useLoaderData()} clientCode={client} notFound={<NotFoundScreen />} />;
}
