import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '@/console/account-screen';
import { ConsoleScreen } from '@/console/console-screen';
import { NoAccountScreen } from '@/console/patients-screen';
import { loadAccount, type Loaded } from '@/console/screen-loads';

/** A patient's account: its users, bills, documents and payments. */
export const Route = createFileRoute('/{-$client}/office/patients/$accountNumber')({
  loader: ({ context, params, abortController }) => loadAccount(context.console, params.accountNumber, abortController.signal),
  gcTime: 0,
  staticData: {
    title: msg`Account`,
  },
  component: AccountRoute,
});

function AccountRoute() {
  const loaded: Loaded<typeof loadAccount> = Route.useLoaderData();
  return (
    <ConsoleScreen loaded={loaded}>
      {(account, { session, may }) =>
        account.found ? (
          <AccountScreen key={account.view.account.accountNumber} view={account.view} canHelp={may.helpPatients} />
        ) : (
          <NoAccountScreen accountNumber={account.accountNumber} clientName={session.clientName} />
        )
      }
    </ConsoleScreen>
  );
}
