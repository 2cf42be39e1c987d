/** The payment calls of the wizard, the receipt and the other ways to pay. */
import type { Language } from '@contracts/session';
import { call, http, type CallOptions } from '@/lib/api/http';
import { paymentOptionsSchema, receiptSchema, type PaymentOptions, type Receipt } from '@contracts/payments';
import type { PaymentRequest } from '@contracts/payment-request';

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
