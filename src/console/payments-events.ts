/** Named functions for the Payments screen's refund events, so its views never build event objects. */
import type { PaymentRefundMachine } from '@machines/console/payment-refund.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type PaymentRefundActor = ActorRefFrom<PaymentRefundMachine>;

/** The refund's events (the form's are `useFormFields`'). */
export function usePaymentRefundEvents(actor: PaymentRefundActor) {
  return useMemo(
    () => ({
      open: (confirmationNumber: string) => actor.send({ type: 'refund.open', confirmationNumber }),
      cancel: () => actor.send({ type: 'refund.cancel' }),
      confirm: () => actor.send({ type: 'refund.confirm' }),
      back: () => actor.send({ type: 'refund.back' }),
    }),
    [actor],
  );
}
