import { msg } from '@lingui/core/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { searchPayments } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { helpsPatients } from '@/features/office/office-messages';
import { PaymentsScreen, type PaymentFilters } from '@/features/office/payments-screen';

const office = getRouteApi('/{-$client}/office');
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The search the address keeps: each part of the right shape, the rest left out. */
function parsePaymentsSearch(search: Record<string, unknown>): PaymentFilters {
  const query: PaymentFilters = {};
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  if (isoDate.test(text(search.from))) query.from = text(search.from);
  if (isoDate.test(text(search.to))) query.to = text(search.to);
  if (text(search.account) !== '') query.account = text(search.account).slice(0, 64);
  if (/^\d{1,10}$/.test(text(search.amountCents))) query.amountCents = Number(text(search.amountCents));
  if (/^\d{4}$/.test(text(search.last4))) query.last4 = text(search.last4);
  if (/^\d{1,6}$/.test(text(search.page)) && Number(text(search.page)) > 1) query.page = Number(text(search.page));
  return query;
}

export const Route = createFileRoute('/{-$client}/office/payments')({
  validateSearch: parsePaymentsSearch,
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loaderDeps: ({ search }) => search,
  loader: ({ deps, abortController }) => searchPayments(deps, { signal: abortController.signal }),
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Payments`,
  },
  component: PaymentsRoute,
  errorComponent: OfficeLoadFailed,
});

function PaymentsRoute() {
  const { payments, more } = Route.useLoaderData();
  const query = Route.useSearch();
  const session = office.useLoaderData();
  return <PaymentsScreen key={JSON.stringify(query)} payments={payments} more={more} query={query} canRefund={session.stage === 'signedIn' && helpsPatients(session.role)} />;
}
