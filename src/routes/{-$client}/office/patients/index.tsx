import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { accountSearchQuerySchema } from '@contracts/console-search';
import { ConsoleScreen } from '@/console/console-screen';
import { PatientsScreen } from '@/console/patients-screen';
import { loadPatients, type Loaded } from '@/console/screen-loads';
import { searchReadBy } from '@/lib/search-schema';

/** The address's search, read as the call's query reads it (declared apart, so the route's types do not steer its inference). */
const patientsSearch = searchReadBy(accountSearchQuerySchema);

/** Finding a patient's account: the search is the call's query. */
export const Route = createFileRoute('/{-$client}/office/patients/')({
  validateSearch: patientsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) => loadPatients(context.console, deps.q, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Patients`,
  },
  component: PatientsRoute,
});

function PatientsRoute() {
  const loaded: Loaded<typeof loadPatients> = Route.useLoaderData();
  const { q = '' } = Route.useSearch();
  return <ConsoleScreen loaded={loaded}>{(found) => <PatientsScreen key={q} q={q} found={found} />}</ConsoleScreen>;
}
