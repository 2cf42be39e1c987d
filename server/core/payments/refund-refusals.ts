/** How a refused refund or void answers, the same on the partner API and in the console. */
import type { ClientErrorStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '@contracts/errors';
import type { RefundRefusal } from './refunds.service';

export const refusalAnswers: Record<RefundRefusal, [ClientErrorStatusCode, ApiErrorCode]> = {
  notFound: [404, 'notFound'],
  amountExceedsRefundable: [422, 'amountExceedsRefundable'],
  paymentVoided: [409, 'paymentVoided'],
  idempotencyKeyReused: [409, 'idempotencyKeyReused'],
  paymentRefunded: [409, 'paymentRefunded'],
  paymentSettled: [409, 'paymentSettled'],
};
