import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BrandingScreen } from '@/console/branding-screen';
import { ConsoleScreen } from '@/console/console-screen';
import { loadBranding, type Loaded } from '@/console/screen-loads';

/** The lab's colours, logo and settings. */
export const Route = createFileRoute('/{-$client}/office/branding')({
  loader: ({ context, abortController }) => loadBranding(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Branding`,
  },
  component: BrandingRoute,
});

function BrandingRoute() {
  const loaded: Loaded<typeof loadBranding> = Route.useLoaderData();
  return (
    <ConsoleScreen loaded={loaded}>
      {(branding, { session, may }) => <BrandingScreen branding={branding} canEdit={may.editBranding} clientName={session.clientName} />}
    </ConsoleScreen>
  );
}
