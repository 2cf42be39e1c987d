import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loadOnce } from '@/lib/rendered-loader-data';
import { requireUserOrGuest } from '@/app/guards';
import { unlessAccountDisabled } from '@/lib/api/unless-account-disabled';
import { getPaymentOptions } from '@/features/payments/payment-api';
import { OtherPaymentLoadFailed, OtherPaymentScreen } from '@/features/payments/other-payment-screen';

export const Route = createFileRoute('/{-$client}/payment/other')({
  beforeLoad: requireUserOrGuest,
  loader: () => loadOnce('/{-$client}/payment/other', () => unlessAccountDisabled(getPaymentOptions)),
  staticData: {
    title: msg`Other payment methods`,
    breadcrumbs: [{ label: msg`Your invoices`, to: '/{-$client}/invoices' }],
  },
  component: OtherPaymentScreen,
  errorComponent: OtherPaymentLoadFailed,
});
