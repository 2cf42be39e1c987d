import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireUserOrGuest } from '@/app/guards';
import { loadOtherPayment } from '@/features/payments/other-payment-data';
import { OtherPaymentLoadFailed, OtherPaymentScreen } from '@/features/payments/other-payment-screen';

export const Route = createFileRoute('/{-$client}/payment/other')({
  beforeLoad: requireUserOrGuest,
  loader: () => loadOtherPayment(),
  staticData: {
    title: msg`Other payment methods`,
    breadcrumbs: [{ label: msg`Your invoices`, to: '/{-$client}/invoices' }],
  },
  component: OtherPaymentScreen,
  errorComponent: OtherPaymentLoadFailed,
});
