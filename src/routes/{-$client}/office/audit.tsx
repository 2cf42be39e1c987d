import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { AuditQuery } from '@contracts/console';
import { AuditScreen } from '@/features/office/audit-screen';
import { searchAudit } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The search the address keeps: words, and dates of the right shape. */
function parseAuditSearch(search: Record<string, unknown>): Partial<AuditQuery> {
  const query: Partial<AuditQuery> = {};
  if (typeof search.q === 'string' && search.q.trim() !== '') query.q = search.q.slice(0, 100);
  if (typeof search.from === 'string' && isoDate.test(search.from)) query.from = search.from;
  if (typeof search.to === 'string' && isoDate.test(search.to)) query.to = search.to;
  return query;
}

export const Route = createFileRoute('/{-$client}/office/audit')({
  validateSearch: parseAuditSearch,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loaderDeps: ({ search }) => search,
  loader: async ({ deps, abortController, parentMatchPromise }) =>
    // Signed out, the layout shows the sign-in in place of this screen: nothing to ask for.
    (await parentMatchPromise).loaderData?.stage === 'signedIn' ? searchAudit(deps, { signal: abortController.signal }) : null,
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Audit trail`,
  },
  component: AuditRoute,
  errorComponent: OfficeLoadFailed,
});

function AuditRoute() {
  const found = Route.useLoaderData();
  const query = Route.useSearch();
  return found ? <AuditScreen key={JSON.stringify(query)} events={found.events} more={found.more} query={query} /> : null;
}
