import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { searchAccounts } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { PatientsScreen } from '@/features/office/patients-screen';

/** The words the address keeps. */
function parsePatientsSearch(search: Record<string, unknown>): { q?: string } {
  return typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q.trim().slice(0, 100) } : {};
}

export const Route = createFileRoute('/{-$client}/office/patients/')({
  validateSearch: parsePatientsSearch,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loaderDeps: ({ search }) => search,
  loader: ({ deps, abortController }) => (deps.q === undefined ? null : searchAccounts(deps.q, { signal: abortController.signal })),
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Patients`,
  },
  component: PatientsRoute,
  errorComponent: OfficeLoadFailed,
});

function PatientsRoute() {
  const found = Route.useLoaderData();
  const { q } = Route.useSearch();
  return <PatientsScreen key={q ?? ''} q={q ?? ''} found={found} />;
}
