import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OnlinePaymentScreen } from '@/features/payments/online-payment-screen';

export const Route = createFileRoute('/{-$client}/payment/online/')({
  staticData: {
    title: msg`Online payment`,
    breadcrumbs: [{ label: msg`Your invoices`, to: '/{-$client}/invoices' }],
  },
  component: OnlinePaymentScreen,
});
