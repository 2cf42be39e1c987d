import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireUserOrGuest } from '@/app/guards';
import { OtherPaymentScreen } from '@/features/payments/other-payment-screen';

export const Route = createFileRoute('/{-$client}/payment/other')({
  beforeLoad: requireUserOrGuest,
  staticData: {
    title: msg`Other payment methods`,
    breadcrumbs: [{ label: msg`Your invoices`, to: '/{-$client}/invoices' }],
  },
  component: OtherPaymentScreen,
});
