import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PaymentConfirmationScreen } from '@/features/payments/payment-confirmation-screen';

export const Route = createFileRoute('/{-$client}/payment/online/confirmation')({
  staticData: {
    // What it shows is the tab's progress, in its session storage, which never reaches the server.
    rendersInBrowser: true,
    title: msg`Review your payment`,
    breadcrumbs: [
      { label: msg`Your invoices`, to: '/{-$client}/invoices' },
      { label: msg`Online payment`, to: '/{-$client}/payment/online' },
    ],
  },
  component: PaymentConfirmationScreen,
});
