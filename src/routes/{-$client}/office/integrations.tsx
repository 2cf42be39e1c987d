import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleScreen } from '@/console/console-screen';
import { IntegrationsAdminOnly, IntegrationsScreen } from '@/console/integrations-screen';
import { loadIntegrations, type Loaded } from '@/console/screen-loads';

/** API keys and webhooks (office admins; anyone else is told so). */
export const Route = createFileRoute('/{-$client}/office/integrations')({
  loader: ({ context, abortController }) => loadIntegrations(context.console, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Integrations`,
  },
  component: IntegrationsRoute,
});

function IntegrationsRoute() {
  const loaded: Loaded<typeof loadIntegrations> = Route.useLoaderData();
  return (
    <ConsoleScreen loaded={loaded}>
      {(lists) => (lists ? <IntegrationsScreen keys={lists.keys} endpoints={lists.endpoints} deliveries={lists.deliveries} /> : <IntegrationsAdminOnly />)}
    </ConsoleScreen>
  );
}
