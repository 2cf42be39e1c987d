import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardPaymentScreen } from '@/features/payments/card-payment-screen';

export const Route = createFileRoute('/{-$client}/payment/online/creditcard')({
  staticData: {
    // What it shows is the tab's progress, in its session storage, which never reaches the server.
    rendersInBrowser: true,
    title: msg`Card payment`,
    breadcrumbs: [
      { label: msg`Your invoices`, to: '/{-$client}/invoices' },
      { label: msg`Online payment`, to: '/{-$client}/payment/online' },
    ],
  },
  component: CardPaymentScreen,
});
