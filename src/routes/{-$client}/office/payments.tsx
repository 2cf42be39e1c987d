import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { paymentSearchQuerySchema } from '@contracts/console-search';
import { ConsoleScreen } from '@/console/console-screen';
import { PaymentsScreen } from '@/console/payments-screen';
import { loadPayments, type Loaded } from '@/console/screen-loads';
import { searchReadBy } from '@/lib/search-schema';

/** The address's search, read as the call's query reads it (declared apart, so the route's types do not steer its inference). */
const paymentsSearch = searchReadBy(paymentSearchQuerySchema);

/** The payments, narrowed by days, account, amount and card: the search is the call's query. */
export const Route = createFileRoute('/{-$client}/office/payments')({
  validateSearch: paymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) => loadPayments(context.console, deps, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Payments`,
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const loaded: Loaded<typeof loadPayments> = Route.useLoaderData();
  const query = Route.useSearch();
  return (
    <ConsoleScreen loaded={loaded}>
      {(found, { may }) => <PaymentsScreen key={JSON.stringify(query)} payments={found.payments} more={found.more} query={query} canRefund={may.refund} />}
    </ConsoleScreen>
  );
}
