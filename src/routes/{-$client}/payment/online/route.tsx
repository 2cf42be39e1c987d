import { createFileRoute } from '@tanstack/react-router';
import { requireUserOrGuest } from '@/app/guards';
import { loadOnce } from '@/lib/rendered-loader-data';
import { payerEmail, renderFirstStep } from '@/features/payments/first-step';
import { PaymentWizard } from '@/features/payments/payment-wizard';

/** The online payment wizard: one payment machine for all its steps, and one guard for all of them (for a signed-in user or guest). */
export const Route = createFileRoute('/{-$client}/payment/online')({
  beforeLoad: requireUserOrGuest,
  // The server renders the first step with the account loaded; the browser hydrates it, and
  // otherwise its machine loads the account itself (showing so), as it always has.
  loader: ({ context }) =>
    loadOnce('/{-$client}/payment/online', () => (import.meta.env.SSR ? renderFirstStep(payerEmail(context.session.getSnapshot())) : Promise.resolve(null))),
  // Never the server's snapshot again once the page has moved on: balances change with payments.
  gcTime: 0,
  component: PaymentWizardRoute,
});

function PaymentWizardRoute() {
  return <PaymentWizard rendered={Route.useLoaderData()} />;
}
