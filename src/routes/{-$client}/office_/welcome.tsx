import { msg } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useConsoleRouter } from '@/console/console-root';
import { OfficeLoadFailed } from '@/console/office-load-failed';
import { WelcomeScreen } from '@/console/welcome-screen';

/**
 * Setting up a staff sign-in (`/{client}/office/welcome`), outside the console's frame: from the
 * invitation's link, or for the second factor owed after the password.
 */
export const Route = createFileRoute('/{-$client}/office_/welcome')({
  beforeLoad: async ({ abortController }) => {
    const { settleConsole } = await import('@/console/console-guard');
    return { console: await settleConsole('/{-$client}/office_/welcome', abortController.signal) };
  },
  loader: ({ context }) => context.console,
  gcTime: 0,
  staticData: {
    title: msg`Set up your sign-in`,
  },
  component: WelcomeRoute,
  errorComponent: OfficeLoadFailed,
});

function WelcomeRoute() {
  const { client } = Route.useParams();
  useConsoleRouter(useRouter());
  return <WelcomeScreen enrolling={Route.useLoaderData().stage === 'enrolling'} clientCode={client} />;
}
