import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { auditQuerySchema } from '@contracts/console-search';
import { AuditScreen } from '@/console/audit-screen';
import { ConsoleScreen } from '@/console/console-screen';
import { loadAudit, type Loaded } from '@/console/screen-loads';
import { searchReadBy } from '@/lib/search-schema';

/** The address's search, read as the call's query reads it (declared apart, so the route's types do not steer its inference). */
const auditSearch = searchReadBy(auditQuerySchema);

/** The audit trail, searched by words and days: the search is the call's query. */
export const Route = createFileRoute('/{-$client}/office/audit')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) => loadAudit(context.console, deps, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Audit trail`,
  },
  component: AuditRoute,
});

function AuditRoute() {
  const loaded: Loaded<typeof loadAudit> = Route.useLoaderData();
  const query = Route.useSearch();
  return (
    <ConsoleScreen loaded={loaded}>
      {(found) => <AuditScreen key={JSON.stringify(query)} events={found.events} more={found.more} query={query} />}
    </ConsoleScreen>
  );
}
