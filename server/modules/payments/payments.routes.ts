/** Paying invoices online: MakePayment, the receipt (JSON and PDF) and the other ways to pay. */
import { Hono } from 'hono';
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiErrorCode } from '@contracts/errors';
import { defaultLanguage, languageSchema } from '@contracts/session';
import { requiredText } from '@contracts/text';
import { idempotencyKeyPattern, paymentRequestSchema } from '@contracts/payment-request';
import { errorResponse } from '../../http/errors';
import type { SavedBillingAddressResponse } from '@contracts/billing-address';
import { USERS_AND_GUESTS, USERS_ONLY, requireSession } from '../../http/require-session';
import { scopeOf } from '../../http/scope';
import type { AppEnv } from '../../http/types';
import { readJsonBody, readQuery } from '../../http/validation';
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

const confirmationNumberSchema = requiredText(32);
const receiptQuerySchema = v.object({ confirmationNumber: confirmationNumberSchema });
const receiptPdfQuerySchema = v.object({
  confirmationNumber: confirmationNumberSchema,
  language: v.optional(languageSchema, defaultLanguage),
});


export function createPaymentsRoutes({ payments }: { payments: PaymentsService }) {
  const routes = new Hono<AppEnv>();
  // The SPA hides payments from a disabled account; the server refuses them as well.
  const signedIn = requireSession({ roles: USERS_AND_GUESTS, enabledAccount: true });

  routes.post('/OnlinePayment/MakePayment', signedIn, async (c) => {
    const idempotencyKey = c.req.header('Idempotency-Key');
    if (idempotencyKey === undefined || !idempotencyKeyPattern.test(idempotencyKey)) {
      return errorResponse(c, 400, 'invalidRequest');
    }
    const request = await readJsonBody(c, paymentRequestSchema);
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

  routes.get('/OnlinePayment/GetReceipt', signedIn, async (c) => {
    const { confirmationNumber } = readQuery(c, receiptQuerySchema);
    const receipt = await payments.receipt(scopeOf(c.var.caller), confirmationNumber);
    if (!receipt) return errorResponse(c, 404, 'notFound');
    return c.json(receipt);
  });

  routes.get('/OnlinePayment/GetReceiptPdf', signedIn, async (c) => {
    const { confirmationNumber, language } = readQuery(c, receiptPdfQuerySchema);
    const document = await payments.receiptDocument(scopeOf(c.var.caller), confirmationNumber);
    if (!document) return errorResponse(c, 404, 'notFound');
    const pdf = await renderReceiptPdf({ ...document, language });
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(document.receipt.confirmationNumber)}"`,
    });
  });

  // The billing address a user asked to be remembered (contracts/billing-address.ts): a guest's never is.
  routes.get('/OnlinePayment/GetSavedBillingAddress', signedIn, async (c) => {
    const { clientId, userId } = c.var.caller;
    const address = userId === null ? null : await payments.savedBillingAddress({ clientId, userId });
    return c.json({ address } satisfies SavedBillingAddressResponse);
  });

  routes.post('/OnlinePayment/ForgetSavedBillingAddress', requireSession({ roles: USERS_ONLY }), async (c) => {
    const { clientId, userId } = c.var.caller;
    if (userId !== null) await payments.forgetBillingAddress({ clientId, userId });
    return c.body(null, 204);
  });

  routes.get('/OnlinePayment/GetPaymentOptions', signedIn, async (c) => {
    const options = await payments.paymentOptions(scopeOf(c.var.caller));
    if (!options) return errorResponse(c, 404, 'notFound');
    return c.json(options);
  });

  return routes;
}
