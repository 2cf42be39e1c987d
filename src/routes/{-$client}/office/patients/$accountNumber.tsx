import { msg } from '@lingui/core/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AccountScreen } from '@/features/office/account-screen';
import { getAccountView } from '@/features/office/office-api';
import { OfficeLoadFailed } from '@/features/office/office-load-failed';
import { helpsPatients } from '@/features/office/office-messages';

const office = getRouteApi('/{-$client}/office');

export const Route = createFileRoute('/{-$client}/office/patients/$accountNumber')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: ({ params, abortController }) => getAccountView(params.accountNumber, { signal: abortController.signal }),
  staleTime: 0,
  gcTime: 0,
  staticData: {
    title: msg`Account`,
  },
  component: AccountRoute,
  errorComponent: OfficeLoadFailed,
});

function AccountRoute() {
  const view = Route.useLoaderData();
  const session = office.useLoaderData();
  return <AccountScreen key={view.account.accountNumber} view={view} canHelp={session.stage === 'signedIn' && helpsPatients(session.role)} />;
}
