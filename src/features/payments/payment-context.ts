import type { paymentMachine } from '@machines/payment/payment.machine';
import type { BillingField, ParsedAmount, PaymentStep } from '@machines/payment/payment.types';
import { createContext, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CardFrame } from './card-frame';

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

interface PaymentWizardContext {
  actor: PaymentActor;
  /** The processor's card-fields frame, set by the card step while it shows. */
  cardFrame: CardFrame;
}

const PaymentContext = createContext<PaymentWizardContext | null>(null);

export const PaymentProvider = PaymentContext.Provider;

/** The running payment wizard of the page. */
export function usePaymentWizard(): PaymentWizardContext {
  const wizard = useContext(PaymentContext);
  if (!wizard) throw new Error('usePaymentWizard must be used inside the payment wizard');
  return wizard;
}

/** Named functions for the wizard's events, so views never build event objects. */
export function paymentEvents(actor: PaymentActor) {
  return {
    show: (step: PaymentStep) => actor.send({ type: 'payment.show', step }),
    selectInvoice: (invoiceNumber: string, selected: boolean) => actor.send({ type: 'payment.selectInvoice', invoiceNumber, selected }),
    payInFull: (invoiceNumber: string) => actor.send({ type: 'payment.payInFull', invoiceNumber }),
    payPart: (invoiceNumber: string, text: string, amount: ParsedAmount) =>
      actor.send({ type: 'payment.payPart', invoiceNumber, text, amount }),
    updateBilling: (field: BillingField, value: string) => actor.send({ type: 'payment.updateBilling', field, value }),
    copyAccountDetails: () => actor.send({ type: 'payment.useAccountDetails' }),
    rememberAddress: (remember: boolean) => actor.send({ type: 'payment.rememberAddress', remember }),
    goOn: () => actor.send({ type: 'payment.continue' }),
    goBack: () => actor.send({ type: 'payment.back' }),
    pay: () => actor.send({ type: 'payment.pay' }),
    retry: () => actor.send({ type: 'payment.retry' }),
    startOver: () => actor.send({ type: 'payment.startOver' }),
  };
}

/** The wizard's events for the step views. */
export function usePaymentEvents() {
  const { actor } = usePaymentWizard();
  return useMemo(() => paymentEvents(actor), [actor]);
}
