/** The payment calls of the wizard, the receipt and the other ways to pay (contracts/payments-endpoints.ts). */
import type { SavedBillingAddress } from '@contracts/billing-address';
import * as payments from '@contracts/payments-endpoints';
import type { PaymentStart } from '@machines/payment/payment.types';
import { doesClientAcceptPayments, getAccountInformation, getSessionExternalCardLink } from '@/lib/api/account-endpoints';
import { callEndpoint, requestEndpoint, type CallOptions } from '@/lib/api/http';
import { toExternalUrl } from '@/lib/safe-redirect';
import type { PaymentOptions, Receipt } from '@contracts/payments';
import type { PaymentRequest } from '@contracts/payment-request';

export { receiptPdfUrl } from '@/lib/api/documents-endpoints';

/** What the wizard starts from: the account, and whether and where its client takes card payments. */
export async function loadPaymentStart({ signal }: CallOptions = {}): Promise<PaymentStart> {
  const [account, acceptsOnlinePayments, externalCardLink, savedAddress] = await Promise.all([
    getAccountInformation({ signal }),
    doesClientAcceptPayments({ signal }),
    getSessionExternalCardLink({ signal }),
    getSavedBillingAddress({ signal }),
  ]);
  // Only a safe http(s) address ever reaches the machine.
  return { account, acceptsOnlinePayments, externalCardLink: toExternalUrl(externalCardLink) ?? '', savedAddress };
}

/** The address the signed-in payer asked to be remembered (never a guest's). */
export const getSavedBillingAddress = (options?: CallOptions): Promise<SavedBillingAddress | null> =>
  callEndpoint(payments.getSavedBillingAddress, options).then((response) => response.address);

/** The payer unticked "Remember this address for next time": in the background, unobserved (no loading overlay). */
export const forgetSavedBillingAddress = (): Promise<void> => requestEndpoint(payments.forgetSavedBillingAddress).then(() => undefined);

/** One key for one payment, however often it is sent. */
export const makePayment = (idempotencyKey: string, json: PaymentRequest, { signal }: CallOptions = {}): Promise<Receipt> =>
  callEndpoint(payments.makePayment, { json, headers: { 'Idempotency-Key': idempotencyKey }, signal });

/** The session client's other ways to pay. */
export const getPaymentOptions = (options?: CallOptions): Promise<PaymentOptions> => callEndpoint(payments.getPaymentOptions, options);
