/**
 * Money for the payments-out tests and benchmark: accounts of their own whose one invoice never
 * runs out, and a payer who pays one of them with a sandbox card through the real payments
 * service (so each payment writes its money event and webhooks as a patient's does).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Receipt } from '@contracts/payments';
import type { PaymentRequest } from '@contracts/payment-request';
import type { Language } from '@contracts/session';
import { queryRows, type Database } from '../db/client';
import { clients } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { withJobs } from '../jobs/jobs-in-scope';
import { createThrottleService } from '../core/throttle/throttle.service';
import { createPaymentsService } from '../patients/payments/payments.service';
import { createSandboxProcessor } from '../core/processor/sandbox-processor';
import { WEBHOOK_HAND_OVER_QUEUE } from '../core/webhooks/webhook-events';

export interface PayableAccount {
  id: number;
  accountNumber: string;
  invoiceNumber: string;
}

/** The id of the client with this code (its primary entry). */
export async function clientIdOf(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)).orderBy(clients.id).limit(1);
  if (!row) throw new Error(`No client ${code}`);
  return row.id;
}

/** `count` accounts `<prefix>-1…` of the client, each with an invoice `<prefix>-INV-n` of 20 million dollars. */
export async function payableAccounts(db: Database, clientId: number, count: number, prefix: string): Promise<PayableAccount[]> {
  await db.execute(sql`insert into accounts (client_id, account_number, holder_name)
    select ${clientId}, ${prefix} || '-' || n, 'Payer ' || n from generate_series(1, ${count}) n on conflict do nothing`);
  await db.execute(sql`insert into invoices (client_id, account_id, invoice_number, description, invoice_date, due_date, amount_cents, balance_cents)
    select a.client_id, a.id, ${prefix} || '-INV-' || substr(a.account_number, ${prefix.length + 2}), 'Test services', '2026-01-01', '2026-12-31', 2000000000, 2000000000
    from accounts a where a.client_id = ${clientId} and a.account_number like ${`${prefix}-%`} on conflict do nothing`);
  const rows = await queryRows<{ id: number; account_number: string }>(
    db,
    sql`select id, account_number from accounts where client_id = ${clientId} and account_number like ${`${prefix}-%`} order by id`,
  );
  return rows.map((row) => ({ id: row.id, accountNumber: row.account_number, invoiceNumber: `${prefix}-INV-${row.account_number.slice(prefix.length + 1)}` }));
}

/** The billing section a test payment gives, unless it gives its own. */
const testBilling = { payerName: 'Pat Payer', addressLine1: '1 Main St', addressLine2: '', city: 'Springfield', region: 'IL', postalCode: '62704', country: 'United States', email: 'payer@example.com' };

/** How a test pays, beyond what: when, in which language, as which user (a guest's by default), with whose billing details. */
export interface TestPaymentOptions {
  now?: () => Date;
  language?: Language;
  userId?: number | null;
  billing?: PaymentRequest['billing'];
}

/**
 * The one payer of the tests: pays `lines` of the scope's account with a sandbox test card through
 * the real payments service (so each payment writes its money event, its receipt email and its
 * webhooks as a patient's does), and answers the receipt; a refusal fails the test.
 */
export async function payWithTestCard(db: Database, scope: { clientId: number; accountId: number }, lines: PaymentRequest['lines'], options: TestPaymentOptions = {}): Promise<Receipt> {
  const { now = () => new Date(), language, userId, billing = testBilling } = options;
  const processor = createSandboxProcessor({ db, now });
  const payments = createPaymentsService({ db, processorFor: processor.processorFor, throttle: createThrottleService({ db, now }), now });
  const issued = await processor.tokenize({ number: '4242424242424242', expMonth: 12, expYear: now().getUTCFullYear() + 2, cvc: '123' });
  if (!issued) throw new Error('The sandbox refused the card');
  const request = { lines, cardToken: issued.token, billing, rememberAddress: false };
  const outcome = await payments.makePayment(scope, `pay-${randomUUID()}`, request, { language, userId });
  if (outcome.kind !== 'paid') throw new Error(`A payment was refused: ${outcome.refusal}`);
  return outcome.receipt;
}

/**
 * Pays `amountCents` of an account's invoice with a sandbox card; answers the confirmation number.
 * With `jobs`, a payment asks for its webhooks' hand-over as a request of the server does.
 */
export function createPayer(db: Database, clientId: number, now: () => Date = () => new Date(), jobs?: Pick<JobQueue, 'send' | 'wake'>) {
  const payOnce = async (account: PayableAccount, amountCents: number): Promise<string> =>
    (await payWithTestCard(db, { clientId, accountId: account.id }, [{ invoiceNumber: account.invoiceNumber, amountCents }], { now })).confirmationNumber;
  return async function pay(account: PayableAccount, amountCents = 100): Promise<string> {
    return jobs ? withJobs(jobs, [WEBHOOK_HAND_OVER_QUEUE], () => payOnce(account, amountCents)) : payOnce(account, amountCents);
  };
}
