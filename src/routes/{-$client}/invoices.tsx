import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loadOnce } from '@/lib/rendered-loader-data';
import { requireUserOrGuest } from '@/app/guards';
import { getAccountInformation, getPaidInvoices } from '@/lib/api/account-endpoints';
import { unlessAccountDisabled } from '@/lib/api/unless-account-disabled';
import { InvoicesLoadFailed, InvoicesScreen } from '@/features/invoices/invoices-screen';

export const Route = createFileRoute('/{-$client}/invoices')({
  beforeLoad: requireUserOrGuest,
  // Balances change with every payment: always ask again, never show a cached summary.
  loader: () =>
    loadOnce('/{-$client}/invoices', () =>
      unlessAccountDisabled(async () => {
        const [account, paidInvoices] = await Promise.all([getAccountInformation(), getPaidInvoices()]);
        return { account, paidInvoices };
      }),
    ),
  gcTime: 0,
  staticData: {
    title: msg`Your invoices`,
  },
  component: InvoicesScreen,
  errorComponent: InvoicesLoadFailed,
});
