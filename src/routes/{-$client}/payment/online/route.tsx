import { createFileRoute } from '@tanstack/react-router';
import { requireUserOrGuest } from '@/app/guards';
import { PaymentWizard } from '@/features/payments/payment-wizard';

/** The online payment wizard: one payment machine for all its steps. */
export const Route = createFileRoute('/{-$client}/payment/online')({
  beforeLoad: requireUserOrGuest,
  component: PaymentWizard,
});
