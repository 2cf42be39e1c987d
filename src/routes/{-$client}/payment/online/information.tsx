import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BillingInformationScreen } from '@/features/payments/billing-information-screen';

export const Route = createFileRoute('/{-$client}/payment/online/information')({
  staticData: {
    // What it shows is the tab's progress, in its session storage, which never reaches the server.
    rendersInBrowser: true,
    title: msg`Billing information`,
    breadcrumbs: [
      { label: msg`Your invoices`, to: '/{-$client}/invoices' },
      { label: msg`Online payment`, to: '/{-$client}/payment/online' },
    ],
  },
  component: BillingInformationScreen,
});
