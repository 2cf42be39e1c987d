/** The payment calls of the wizard, the receipt and the other ways to pay. */
import type { Language } from '@/lib/api/contracts';
import { call, http } from '@/lib/api/http';
import {
  paymentOptionsSchema,
  receiptSchema,
  type PaymentOptions,
  type Receipt,
} from '@/lib/api/payment-contracts';
import type { PaymentRequest } from '@/lib/api/payment-request-contract';

/** POST /api/OnlinePayment/MakePayment: one key for one payment, however often it is sent. */
export const makePayment = (idempotencyKey: string, body: PaymentRequest): Promise<Receipt> =>
  call(
    () => http.post('OnlinePayment/MakePayment', { json: body, headers: { 'Idempotency-Key': idempotencyKey } }),
    receiptSchema,
  );

/** GET /api/OnlinePayment/GetPaymentOptions: the session client's other ways to pay. */
export const getPaymentOptions = (): Promise<PaymentOptions> =>
  call(() => http.get('OnlinePayment/GetPaymentOptions'), paymentOptionsSchema);

/** Where the server's PDF of a receipt is downloaded from, in the reader's language. */
export function receiptPdfUrl(confirmationNumber: string, language: Language): string {
  const query = new URLSearchParams({ confirmationNumber, language });
  return `/api/OnlinePayment/GetReceiptPdf?${query.toString()}`;
}
