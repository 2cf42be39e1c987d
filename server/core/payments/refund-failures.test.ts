/**
 * A refund sends money out through an outside processor, whose records no rollback of ours
 * undoes. So the refund is recorded before the processor is asked, and settled after: whatever
 * fails, no money leaves without a refund on record, and none leaves twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoices, moneyEvents, payments, refunds } from '../../db/schema';
import { useSeededDatabase } from '../../test/harness';
import { clientIdOf, createPayer, payableAccounts, type PayableAccount } from '../../test/money-fixtures';
import type { CardProcessor, RefundRequest } from '../processor/card-processor';
import { createRefundsService } from './refunds.service';

const database = useSeededDatabase();

/** An outside processor's refunds: one per idempotency key, however often it is asked. */
class RemoteRefunds implements CardProcessor {
  readonly made = new Map<string, { refundId: string; amountCents: number }>();
  asked = 0;
  unreachable = false;

  authorize(): Promise<never> {
    return Promise.reject(new Error('These tests only refund'));
  }

  capture(): Promise<never> {
    return this.authorize();
  }

  voidAuthorization(): Promise<never> {
    return this.authorize();
  }

  refund(request: RefundRequest): Promise<{ refundId: string }> {
    this.asked += 1;
    if (this.unreachable) return Promise.reject(new Error('The processor is unreachable'));
    const made = this.made.get(request.idempotencyKey) ?? { refundId: `re_${String(this.made.size + 1)}`, amountCents: request.amountCents };
    this.made.set(request.idempotencyKey, made);
    return Promise.resolve({ refundId: made.refundId });
  }

  /** What left: the amounts of the refunds it made. */
  paidOut(): number[] {
    return [...this.made.values()].map((refund) => refund.amountCents);
  }
}

let clientId = 0;
let account: PayableAccount;
let clock = new Date('2026-03-02T15:00:00Z');
const now = () => clock;

beforeAll(async () => {
  clientId = await clientIdOf(database.db, 'SUN');
  [account] = (await payableAccounts(database.db, clientId, 1, 'RFF')) as [PayableAccount];
});

afterEach(async () => {
  await database.db.execute(sql`drop trigger if exists fail_refund_step on money_events`);
});

function setUp() {
  const processor = new RemoteRefunds();
  const service = createRefundsService({ db: database.db, processorFor: () => processor, now });
  return { processor, service };
}

const actor = { kind: 'apiKey', id: 'pbp_test' } as const;
const paymentOf = async (confirmationNumber: string) => (await database.db.select().from(payments).where(and(eq(payments.clientId, clientId), eq(payments.confirmationNumber, confirmationNumber))))[0];
const refundEvents = async (paymentId: number) => database.db.$count(moneyEvents, and(eq(moneyEvents.paymentId, paymentId), eq(moneyEvents.type, 'payment.refunded')));
const balance = async () => (await database.db.select({ balanceCents: invoices.balanceCents }).from(invoices).where(eq(invoices.invoiceNumber, account.invoiceNumber)))[0]?.balanceCents;

/** Makes the settling fail where it writes the money event, as a database that goes away would. */
async function failSettling(): Promise<void> {
  await database.db.execute(sql.raw(`create or replace function pg_temp.fail_refund_step() returns trigger language plpgsql as $$
    begin raise exception 'injected failure in %', tg_table_name; end $$`));
  await database.db.execute(sql.raw('create trigger fail_refund_step before insert on money_events for each row execute function pg_temp.fail_refund_step()'));
}

describe('a refund failing on its way', () => {
  it('keeps a refund the processor made on record when settling fails, and settles it once when the same key comes again', async () => {
    const { processor, service } = setUp();
    const confirmation = await createPayer(database.db, clientId, now)(account, 3000);
    const payment = await paymentOf(confirmation);
    const before = await balance();
    await failSettling();
    await expect(service.refund(clientId, confirmation, 'rf-settle-1', { amountCents: 1200, reason: 'Billed twice' }, actor)).rejects.toThrow();
    // The money left: the refund is on record, pending, its amount held from what is left to refund.
    expect(processor.paidOut()).toEqual([1200]);
    expect(await database.db.select({ status: refunds.status, processorRefundId: refunds.processorRefundId }).from(refunds).where(eq(refunds.idempotencyKey, 'rf-settle-1'))).toEqual([{ status: 'pending', processorRefundId: null }]);
    expect((await paymentOf(confirmation))?.refundedCents).toBe(1200);
    const another = await service.refund(clientId, confirmation, 'rf-settle-2', { amountCents: 1801, reason: '' }, actor);
    expect(another).toEqual({ kind: 'refused', refusal: 'amountExceedsRefundable' });

    await database.db.execute(sql`drop trigger fail_refund_step on money_events`);
    const again = await service.refund(clientId, confirmation, 'rf-settle-1', { amountCents: 1200, reason: 'Billed twice' }, actor);
    expect(again).toMatchObject({ kind: 'refunded', refund: { amountCents: 1200, payment: { refundedCents: 1200, refundableCents: 1800 } } });
    expect(processor.paidOut()).toEqual([1200]);
    expect(processor.asked).toBe(2);
    expect(await refundEvents(payment?.id ?? 0)).toBe(1);
    expect(await balance()).toBe((before ?? 0) + 1200);
    // Once settled, the key answers the same refund without asking the processor.
    expect(await service.refund(clientId, confirmation, 'rf-settle-1', { amountCents: 1200, reason: 'Billed twice' }, actor)).toMatchObject({ kind: 'refunded', repeated: true });
    expect(processor.asked).toBe(2);
  });

  it('settles a refund left pending in the housekeeping sweep, with the actor who asked for it', async () => {
    const { processor, service } = setUp();
    const confirmation = await createPayer(database.db, clientId, now)(account, 2000);
    const payment = await paymentOf(confirmation);
    await failSettling();
    await expect(service.refund(clientId, confirmation, 'rf-sweep-1', { amountCents: 500, reason: '' }, actor)).rejects.toThrow();
    await database.db.execute(sql`drop trigger fail_refund_step on money_events`);
    // Not yet: a refund may still be on its way.
    expect(await service.settlePending(5 * 60 * 1000)).toBe(0);
    clock = new Date(clock.getTime() + 6 * 60 * 1000);
    expect(await service.settlePending(5 * 60 * 1000)).toBe(1);
    expect(processor.paidOut()).toEqual([500]);
    const [event] = await database.db.select({ actorKind: moneyEvents.actorKind, actorId: moneyEvents.actorId, amountCents: moneyEvents.amountCents }).from(moneyEvents).where(and(eq(moneyEvents.paymentId, payment?.id ?? 0), eq(moneyEvents.type, 'payment.refunded')));
    expect(event).toEqual({ actorKind: 'apiKey', actorId: 'pbp_test', amountCents: 500 });
    expect(await service.settlePending(5 * 60 * 1000)).toBe(0);
  });

  it('records nothing and frees the amount when the processor refuses or cannot be reached, so the key may be used again', async () => {
    const { processor, service } = setUp();
    const confirmation = await createPayer(database.db, clientId, now)(account, 1000);
    const payment = await paymentOf(confirmation);
    const before = await balance();
    processor.unreachable = true;
    await expect(service.refund(clientId, confirmation, 'rf-down-1', { amountCents: 1000, reason: '' }, actor)).rejects.toThrow('unreachable');
    expect(await database.db.$count(refunds, eq(refunds.idempotencyKey, 'rf-down-1'))).toBe(0);
    expect((await paymentOf(confirmation))?.refundedCents).toBe(0);
    expect(await refundEvents(payment?.id ?? 0)).toBe(0);
    expect(await balance()).toBe(before);

    processor.unreachable = false;
    expect(await service.refund(clientId, confirmation, 'rf-down-1', { amountCents: 1000, reason: '' }, actor)).toMatchObject({ kind: 'refunded', refund: { payment: { refundableCents: 0 } } });
    expect(processor.paidOut()).toEqual([1000]);
  });
});
