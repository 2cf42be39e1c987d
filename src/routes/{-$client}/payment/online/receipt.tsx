import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PaymentReceiptScreen } from '@/features/payments/payment-receipt-screen';

export const Route = createFileRoute('/{-$client}/payment/online/receipt')({
  staticData: {
    // What it shows is the tab's progress, in its session storage, which never reaches the server.
    rendersInBrowser: true,
    title: msg`Payment receipt`,
    breadcrumbs: [
      { label: msg`Your invoices`, to: '/{-$client}/invoices' },
      { label: msg`Online payment`, to: '/{-$client}/payment/online' },
    ],
  },
  component: PaymentReceiptScreen,
});
