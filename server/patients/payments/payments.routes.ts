/** Paying invoices online: MakePayment, the receipt (JSON and PDF) and the other ways to pay. */
import { Hono } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiErrorCode } from '@contracts/errors';
import { defaultLanguage, languageSchema } from '@contracts/session';
import {
  forgetSavedBillingAddress,
  getPaymentOptions,
  getReceipt,
  getReceiptPdf,
  getSavedBillingAddress,
  makePayment,
} from '@contracts/payments-endpoints';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import type { SavedBillingAddressResponse } from '@contracts/billing-address';
import { scopeOf } from '../../http/scope';
import type { AppEnv } from '../../http/types';
import type { PaymentRefusal, PaymentsService } from './payments.service';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';

/** Each refusal's answer (payment-contracts.ts lists them). */
const refusalAnswers: Record<PaymentRefusal, [ClientErrorStatusCode, ApiErrorCode]> = {
  onlinePaymentsNotAccepted: [403, 'onlinePaymentsNotAccepted'],
  invalidLines: [422, 'invalidRequest'],
  invoiceNotOpen: [422, 'invoiceNotOpen'],
  amountExceedsBalance: [422, 'amountExceedsBalance'],
  cardDeclined: [402, 'cardDeclined'],
  insufficientFunds: [402, 'insufficientFunds'],
  cardTokenInvalid: [422, 'cardTokenInvalid'],
  idempotencyKeyReused: [409, 'idempotencyKeyReused'],
};

export function createPaymentsRoutes({ payments }: { payments: PaymentsService }) {
  const routes = new Hono<AppEnv>();
  // The SPA hides payments from a disabled account; the server refuses them as well (the declarations say so).
  // A missing or malformed Idempotency-Key is a 400 before the body is read.
  route(routes, makePayment, async (c, { headers, json: request }) => {
    const idempotencyKey = headers['Idempotency-Key'];
    const sessionLanguage = v.safeParse(languageSchema, c.var.session?.language);
    const language = sessionLanguage.success ? sessionLanguage.output : defaultLanguage;
    const outcome = await payments.makePayment(scopeOf(c.var.caller), idempotencyKey, request, {
      language,
      ownEmail: c.var.caller.email,
      userId: c.var.caller.userId,
    });
    if (outcome.kind === 'refused') {
      const [status, code] = refusalAnswers[outcome.refusal];
      return errorResponse(c, status, code);
    }
    return c.json(outcome.receipt);
  });

  route(routes, getReceipt, async (c, { query: { confirmationNumber } }) => {
    const receipt = await payments.receipt(scopeOf(c.var.caller), confirmationNumber);
    if (!receipt) return errorResponse(c, 404, 'notFound');
    return c.json(receipt);
  });

  route(routes, getReceiptPdf, async (c, { query: { confirmationNumber, language } }) => {
    const document = await payments.receiptDocument(scopeOf(c.var.caller), confirmationNumber);
    if (!document) return errorResponse(c, 404, 'notFound');
    const pdf = await renderReceiptPdf({ ...document, language });
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(document.receipt.confirmationNumber)}"`,
    });
  });

  // The billing address a user asked to be remembered (contracts/billing-address.ts): a guest's never is.
  route(routes, getSavedBillingAddress, async (c) => {
    const { clientId, userId } = c.var.caller;
    const address = userId === null ? null : await payments.savedBillingAddress({ clientId, userId });
    return c.json({ address } satisfies SavedBillingAddressResponse);
  });

  route(routes, forgetSavedBillingAddress, async (c) => {
    const { clientId, userId } = c.var.caller;
    if (userId !== null) await payments.forgetBillingAddress({ clientId, userId });
    return c.body(null, 204);
  });

  route(routes, getPaymentOptions, async (c) => {
    const options = await payments.paymentOptions(scopeOf(c.var.caller));
    if (!options) return errorResponse(c, 404, 'notFound');
    return c.json(options);
  });

  return routes;
}
