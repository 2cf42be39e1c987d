import { msg } from '@lingui/core/macro';
import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useConsoleRouter } from '@/console/console-root';
import { OfficeLayout } from '@/console/office-layout';
import { OfficeLoadFailed } from '@/console/office-load-failed';

/**
 * The billing office's console (`/{client}/office/…`): its frame (the sign-in, or the menu around
 * a screen) and its one guard, which reads the console's root machine. Its code and styles load
 * with its first screen, never with the patients' first page.
 */
export const Route = createFileRoute('/{-$client}/office')({
  // Runs on every navigation: staff who owe a second factor go to the set-up page, and every
  // screen's loader reads where the session stands.
  beforeLoad: async ({ params, abortController }) => {
    const { guardConsole } = await import('@/console/console-guard');
    return { console: await guardConsole({ client: params.client, signal: abortController.signal }) };
  },
  // The frame, kept in a server-rendered page for the browser's first load.
  loader: ({ context }) => context.console,
  gcTime: 0,
  staticData: {
    title: msg`Billing office`,
  },
  component: ConsoleLayout,
  errorComponent: OfficeLoadFailed,
});

function ConsoleLayout() {
  const { client } = Route.useParams();
  const { session, may } = Route.useLoaderData();
  useConsoleRouter(useRouter());
  return (
    <OfficeLayout session={session} may={may} clientCode={client}>
      <Outlet />
    </OfficeLayout>
  );
}
