/**
 * A payment that fails after the card is authorized must not take the money. The processor here
 * stands for a real one (an outside service, whose records no rollback of ours undoes); the
 * database fails each step after the authorization in turn, through triggers, down to the commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentRequest } from '@contracts/payment-request';
import { accounts, clients, invoices, outboxEmails, payments } from '../../db/schema';
import { DEMO_BILLING, resetPayments, useSeededDatabase } from '../../test/harness';
import type { AccountScope } from '../../http/scope';
import type { AuthorizeRequest, AuthorizeResult, CardProcessor } from '../../core/processor/card-processor';
import { createThrottleService } from '../../core/throttle/throttle.service';
import { createPaymentsService } from './payments.service';

const database = useSeededDatabase();

type AuthorizationState = 'authorized' | 'captured' | 'voided';

/** An outside processor's ledger: authorizations and what became of them. */
class RemoteProcessor implements CardProcessor {
  readonly ledger = new Map<string, { amountCents: number; state: AuthorizationState }>();
  failCapture = false;

  authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const authorizationId = `auth_${String(this.ledger.size + 1)}`;
    this.ledger.set(authorizationId, { amountCents: request.amountCents, state: 'authorized' });
    return Promise.resolve({ status: 'approved', authorizationId, authorizationCode: 'A1B2C3', brand: 'visa', last4: '4242' });
  }

  capture(authorizationId: string): Promise<void> {
    if (this.failCapture) return Promise.reject(new Error('The processor is unreachable'));
    return Promise.resolve(this.move(authorizationId, 'captured'));
  }

  voidAuthorization(authorizationId: string): Promise<void> {
    return Promise.resolve(this.move(authorizationId, 'voided'));
  }

  refund(): Promise<{ refundId: string }> {
    return Promise.reject(new Error('These tests make no refunds'));
  }

  /** The amounts taken: captured and not voided. */
  taken(): number[] {
    return [...this.ledger.values()].filter((entry) => entry.state === 'captured').map((entry) => entry.amountCents);
  }

  private move(authorizationId: string, state: AuthorizationState): void {
    const entry = this.ledger.get(authorizationId);
    if (!entry || entry.state === 'voided') throw new Error(`No open authorization ${authorizationId}`);
    entry.state = state;
  }
}

/** A step of the payment made to fail: the statement a trigger refuses, or the processor's capture. */
interface Fault {
  step: string;
  install: (processor: RemoteProcessor) => Promise<void>;
}

const raiseFunction = sql.raw(`
  create or replace function pg_temp_fail_payment_step() returns trigger language plpgsql as $$
  begin
    raise exception 'injected failure in %', tg_table_name;
  end $$`);

/** A trigger that refuses `event` on `table`; `deferred` ones fire at the commit. */
const failingTrigger = (table: string, event: 'insert' | 'update', deferred = false): Fault['install'] => async () => {
  await database.db.execute(raiseFunction);
  const timing = deferred ? 'after' : 'before';
  const constraint = deferred ? 'constraint' : '';
  const deferral = deferred ? 'deferrable initially deferred' : '';
  await database.db.execute(
    sql.raw(
      `create ${constraint} trigger fail_payment_step ${timing} ${event} on ${table} ${deferral} for each row execute function pg_temp_fail_payment_step()`,
    ),
  );
};

const faults: Fault[] = [
  { step: 'recording the payment', install: failingTrigger('payments', 'insert') },
  { step: 'lowering the balances', install: failingTrigger('invoices', 'update') },
  { step: 'recording the payment lines', install: failingTrigger('payment_lines', 'insert') },
  { step: 'counting the receipt email against its address’s limit', install: failingTrigger('login_attempts', 'insert') },
  { step: 'queueing the receipt email', install: failingTrigger('outbox_emails', 'insert') },
  {
    step: 'capturing',
    install: (processor) => {
      processor.failCapture = true;
      return Promise.resolve();
    },
  },
  { step: 'committing', install: failingTrigger('payments', 'insert', true) },
];

const TABLES_WITH_FAULTS = ['payments', 'invoices', 'payment_lines', 'login_attempts', 'outbox_emails'];

async function removeFaults(): Promise<void> {
  for (const table of TABLES_WITH_FAULTS) await database.db.execute(sql.raw(`drop trigger if exists fail_payment_step on ${table}`));
}

async function patsScope(): Promise<AccountScope> {
  const [row] = await database.db
    .select({ clientId: clients.id, accountId: accounts.id })
    .from(accounts)
    .innerJoin(clients, eq(clients.id, accounts.clientId))
    .where(and(eq(clients.code, 'SUN'), eq(accounts.accountNumber, 'A-100200')));
  if (!row) throw new Error('The demo data has no account A-100200 under SUN');
  return row;
}

const request: PaymentRequest = {
  lines: [{ invoiceNumber: 'SUN-100031', amountCents: 2500 }],
  billing: DEMO_BILLING,
  rememberAddress: false,
  cardToken: 'tok_remote_processor_token',
};

const balanceOf = async (invoiceNumber: string) =>
  (await database.db.select({ balanceCents: invoices.balanceCents }).from(invoices).where(eq(invoices.invoiceNumber, invoiceNumber)))[0]?.balanceCents;

beforeEach(async () => {
  await resetPayments(database.db);
});
afterEach(removeFaults);

describe('a payment failing after the card is authorized', () => {
  it.each(faults)('takes no money and stores nothing when $step fails', async ({ install }) => {
    const processor = new RemoteProcessor();
    const service = createPaymentsService({ db: database.db, processorFor: () => processor, throttle: createThrottleService({ db: database.db, now: () => new Date() }), now: () => new Date() });
    const scope = await patsScope();
    const balanceBefore = await balanceOf('SUN-100031');
    await install(processor);

    await expect(service.makePayment(scope, 'b4c1d2e3-0000-4000-8000-000000000001', request)).rejects.toThrow();

    expect(processor.ledger.size).toBe(1);
    expect([...processor.ledger.values()].map((entry) => entry.state)).toEqual(['voided']);
    expect(processor.taken()).toEqual([]);
    expect(await database.db.select().from(payments)).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect(await balanceOf('SUN-100031')).toBe(balanceBefore);
  });

  it('takes the money exactly when the payment is stored, once nothing fails', async () => {
    const processor = new RemoteProcessor();
    const service = createPaymentsService({ db: database.db, processorFor: () => processor, throttle: createThrottleService({ db: database.db, now: () => new Date() }), now: () => new Date() });
    const outcome = await service.makePayment(await patsScope(), 'b4c1d2e3-0000-4000-8000-000000000002', request);

    expect(outcome.kind).toBe('paid');
    expect(processor.taken()).toEqual([2500]);
    expect(await database.db.select({ totalCents: payments.totalCents }).from(payments)).toEqual([{ totalCents: 2500 }]);
  });

  it('still reports the payment failure when the processor refuses the void too', async () => {
    const processor = new RemoteProcessor();
    processor.voidAuthorization = () => Promise.reject(new Error('The processor is unreachable'));
    const service = createPaymentsService({ db: database.db, processorFor: () => processor, throttle: createThrottleService({ db: database.db, now: () => new Date() }), now: () => new Date() });
    await failingTrigger('payments', 'insert')(processor);

    const failure: unknown = await service.makePayment(await patsScope(), 'b4c1d2e3-0000-4000-8000-000000000003', request).catch((error: unknown) => error);
    if (!(failure instanceof AggregateError)) throw new Error(`Expected both failures, got ${String(failure)}`);
    const errors: unknown[] = failure.errors;
    const [paymentFailure, voidFailure] = errors;
    expect(paymentFailure).toBeInstanceOf(Error);
    expect(String(paymentFailure instanceof Error ? paymentFailure.cause : '')).toContain('injected failure in payments');
    expect(String(voidFailure)).toContain('The processor is unreachable');
  });
});
