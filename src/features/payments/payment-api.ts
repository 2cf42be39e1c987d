/** The payment calls of the wizard, the receipt and the other ways to pay. */
import type { Language } from '@contracts/session';
import { savedBillingAddressResponseSchema, type SavedBillingAddress } from '@contracts/billing-address';
import type { PaymentStart } from '@machines/payment/payment.types';
import { doesClientAcceptPayments, getAccountInformation, getSessionExternalCardLink } from '@/lib/api/account-endpoints';
import { call, http, type CallOptions } from '@/lib/api/http';
import { toExternalUrl } from '@/lib/safe-redirect';
import { paymentOptionsSchema, receiptSchema, type PaymentOptions, type Receipt } from '@contracts/payments';
import type { PaymentRequest } from '@contracts/payment-request';

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

/** GET /api/OnlinePayment/GetSavedBillingAddress: the address the signed-in payer asked to be remembered (never a guest's). */
export const getSavedBillingAddress = ({ signal }: CallOptions = {}): Promise<SavedBillingAddress | null> =>
  call(() => http.get('OnlinePayment/GetSavedBillingAddress', { signal }), savedBillingAddressResponseSchema).then((response) => response.address);

/** POST /api/OnlinePayment/ForgetSavedBillingAddress: the payer unticked "Remember this address for next time". */
export const forgetSavedBillingAddress = (): Promise<void> => http.post('OnlinePayment/ForgetSavedBillingAddress').then(() => undefined);

/** POST /api/OnlinePayment/MakePayment: one key for one payment, however often it is sent. */
export const makePayment = (idempotencyKey: string, body: PaymentRequest, { signal }: CallOptions = {}): Promise<Receipt> =>
  call(
    () => http.post('OnlinePayment/MakePayment', { json: body, headers: { 'Idempotency-Key': idempotencyKey }, signal }),
    receiptSchema,
  );

/** GET /api/OnlinePayment/GetPaymentOptions: the session client's other ways to pay. */
export const getPaymentOptions = ({ signal }: CallOptions = {}): Promise<PaymentOptions> =>
  call(() => http.get('OnlinePayment/GetPaymentOptions', { signal }), paymentOptionsSchema);

/** Where the server's PDF of a receipt is downloaded from, in the reader's language. */
export function receiptPdfUrl(confirmationNumber: string, language: Language): string {
  const query = new URLSearchParams({ confirmationNumber, language });
  return `/api/OnlinePayment/GetReceiptPdf?${query.toString()}`;
}
