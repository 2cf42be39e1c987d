/** Paying online: the payment, its receipt (JSON and PDF), the remembered billing address and the other ways to pay. */
import { savedBillingAddressResponseSchema } from './billing-address';
import { defineEndpoint, usersAndGuests, usersOnly } from './endpoint';
import { paymentHeadersSchema, paymentRequestSchema, receiptPdfQuerySchema, receiptQuerySchema } from './payment-request';
import { paymentOptionsSchema, receiptSchema } from './payments';

/** Payments are hidden from a disabled account, and refused to it. */
const enabledAccounts = { roles: usersAndGuests, enabledAccount: true } as const;

export const makePayment = defineEndpoint({
  method: 'POST',
  path: '/OnlinePayment/MakePayment',
  summary: "Pays open invoices of the session's account with a tokenized card; answers the receipt",
  description:
    'One Idempotency-Key for one payment: the same key and body again answer the first receipt; the same key with another body is 409 idempotencyKeyReused. ' +
    'Refusals: 402 cardDeclined, insufficientFunds; 403 onlinePaymentsNotAccepted; 422 invoiceNotOpen, amountExceedsBalance, cardTokenInvalid, invalidRequest (an invoice twice).',
  access: enabledAccounts,
  headers: paymentHeadersSchema,
  json: paymentRequestSchema,
  response: receiptSchema,
});

export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetReceipt',
  summary: "A payment's receipt",
  description: "404 notFound outside the caller's account and client.",
  access: enabledAccounts,
  query: receiptQuerySchema,
  response: receiptSchema,
});

export const getReceiptPdf = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetReceiptPdf',
  summary: "A payment's receipt as a tagged PDF (an attachment, receipt-<number>.pdf)",
  description: "404 notFound outside the caller's account and client.",
  access: enabledAccounts,
  query: receiptPdfQuerySchema,
  response: 'pdf',
});

export const getSavedBillingAddress = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetSavedBillingAddress',
  summary: 'The billing address the signed-in payer asked to be remembered (always null for a guest)',
  access: enabledAccounts,
  response: savedBillingAddressResponseSchema,
});

export const forgetSavedBillingAddress = defineEndpoint({
  method: 'POST',
  path: '/OnlinePayment/ForgetSavedBillingAddress',
  summary: 'Forgets the remembered billing address at once',
  access: { roles: usersOnly },
  response: 'noContent',
});

export const getPaymentOptions = defineEndpoint({
  method: 'GET',
  path: '/OnlinePayment/GetPaymentOptions',
  summary: "The session client's other ways to pay: by mail and by phone",
  access: enabledAccounts,
  response: paymentOptionsSchema,
});
