import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleScreen } from '@/console/console-screen';
import { loadNotFound, type Loaded } from '@/console/screen-loads';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';

/** An address under /office/ that names no screen: the portal's not-found screen, within the console (signed out, its sign-in). */
export const Route = createFileRoute('/{-$client}/office/$')({
  loader: ({ context, abortController }) => loadNotFound(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    answersNotFound: true,
    title: msg`Page not found`,
  },
  component: ConsoleNotFound,
});

function ConsoleNotFound() {
  const loaded: Loaded<typeof loadNotFound> = Route.useLoaderData();
  return <ConsoleScreen loaded={loaded}>{() => <NotFoundScreen />}</ConsoleScreen>;
}
