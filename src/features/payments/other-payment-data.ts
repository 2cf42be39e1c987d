import type { PaymentOptions } from '@/lib/api/payment-contracts';
import { ApiError } from '@/lib/api/errors';
import { getPaymentOptions } from './payment-api';

export type OtherPaymentData = { status: 'options'; options: PaymentOptions } | { status: 'accountDisabled' };

/** The client's other ways to pay; a disabled account is an answer, not a failure. */
export async function loadOtherPayment(): Promise<OtherPaymentData> {
  try {
    return { status: 'options', options: await getPaymentOptions() };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'accountDisabled') return { status: 'accountDisabled' };
    throw error;
  }
}
