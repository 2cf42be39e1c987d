/**
 * The payment history's refunds and voids: each past payment carries what the billing office gave
 * back of it, read from the money events of the caller's own account, in the order given back.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keptCents, type PastPayment } from '@contracts/documents';
import type { AccountScope } from '../../http/scope';
import { accounts, clients } from '../../db/schema';
import { DEMO_BILLING, DEMO_GUEST, manualClock, resetPayments, tokenizeTestCard, useSeededDatabase } from '../../test/harness';
import { createAccountsService } from '../accounts/accounts.service';
import { createThrottleService } from '../auth/throttle.service';
import { createClientsService } from '../clients/clients.service';
import { createPaymentsService } from '../payments/payments.service';
import { createRefundsService } from '../payments/refunds.service';
import { createSandboxProcessor } from '../processor/sandbox-processor';
import { createDocumentsService } from './documents.service';

const database = useSeededDatabase();
/** 09:00 in Chicago, SUN's time zone: the business day of 2 March is open until 21:30 there. */
const clock = manualClock('2026-03-02T15:00:00Z');
const office = { kind: 'apiKey', id: 'pbp_0123456789' } as const;
let guest: AccountScope;
let pat: AccountScope;

async function scopeOf(clientCode: string, accountNumber: string): Promise<AccountScope> {
  const [row] = await database.db
    .select({ clientId: accounts.clientId, accountId: accounts.id })
    .from(accounts)
    .innerJoin(clients, eq(clients.id, accounts.clientId))
    .where(and(eq(clients.code, clientCode), eq(accounts.accountNumber, accountNumber)));
  if (!row) throw new Error(`No account ${accountNumber} at ${clientCode}`);
  return row;
}

beforeAll(async () => {
  guest = await scopeOf('SUN', DEMO_GUEST.accountNumber);
  pat = await scopeOf('SUN', 'A-100200');
});

beforeEach(async () => {
  await resetPayments(database.db);
});

function services() {
  const { db } = database;
  const processor = createSandboxProcessor({ db, now: clock.now });
  return {
    payments: createPaymentsService({ db, processorFor: processor.processorFor, throttle: createThrottleService({ db, now: clock.now }), now: clock.now }),
    refunds: createRefundsService({ db, processorFor: processor.processorFor, now: clock.now }),
    documents: createDocumentsService({ db, accounts: createAccountsService({ db }), clients: createClientsService({ db }), now: clock.now }),
  };
}

/** Pays `amountCents` of the invoice on the scope's account; answers the confirmation number. */
async function pay(scope: AccountScope, invoiceNumber: string, amountCents: number): Promise<string> {
  const outcome = await services().payments.makePayment(scope, `key-${String(Math.random()).slice(2, 12)}`, {
    lines: [{ invoiceNumber, amountCents }],
    cardToken: await tokenizeTestCard(database.db),
    billing: DEMO_BILLING,
    rememberAddress: false,
  });
  if (outcome.kind !== 'paid') throw new Error(`The payment was refused: ${outcome.refusal}`);
  return outcome.receipt.confirmationNumber;
}

async function refund(scope: AccountScope, confirmationNumber: string, amountCents: number): Promise<void> {
  const outcome = await services().refunds.refund(scope.clientId, confirmationNumber, `refund-${String(Math.random()).slice(2, 12)}`, { amountCents, reason: 'Billed twice' }, office);
  expect(outcome.kind).toBe('refunded');
}

async function history(scope: AccountScope): Promise<Map<string, PastPayment>> {
  const payments = await services().documents.pastPayments(scope);
  return new Map(payments.map((payment) => [payment.confirmationNumber, payment]));
}

describe('the payment history', () => {
  it('shows under each payment its refunds and its void, in the order given back, and what the payer kept', async () => {
    const untouched = await pay(guest, DEMO_GUEST.invoiceNumber, 500);
    clock.advanceSeconds(60);
    const refunded = await pay(guest, DEMO_GUEST.invoiceNumber, 1000);
    clock.advanceSeconds(60);
    const partly = await pay(guest, DEMO_GUEST.invoiceNumber, 2000);
    clock.advanceSeconds(60);
    const voided = await pay(guest, DEMO_GUEST.invoiceNumber, 800);

    clock.advanceSeconds(3600);
    await refund(guest, refunded, 400);
    await refund(guest, partly, 1500);
    clock.advanceSeconds(60);
    await refund(guest, refunded, 600);
    expect((await services().refunds.voidPayment(guest.clientId, voided, office)).kind).toBe('voided');

    const payments = await history(guest);
    expect(payments.get(untouched)?.refunds).toEqual([]);
    expect(payments.get(refunded)?.refunds).toEqual([
      { kind: 'refund', at: '2026-03-02T16:03:00.000Z', amountCents: 400 },
      { kind: 'refund', at: '2026-03-02T16:04:00.000Z', amountCents: 600 },
    ]);
    expect(payments.get(partly)?.refunds).toEqual([{ kind: 'refund', at: '2026-03-02T16:03:00.000Z', amountCents: 1500 }]);
    expect(payments.get(voided)?.refunds).toEqual([{ kind: 'void', at: '2026-03-02T16:04:00.000Z', amountCents: 800 }]);
    expect([untouched, refunded, partly, voided].map((number) => keptCents(payments.get(number) ?? { totalCents: -1, refunds: [] }))).toEqual([500, 0, 500, 0]);
  });

  it('puts the same refunds on the statement’s payments', async () => {
    const partly = await pay(guest, DEMO_GUEST.invoiceNumber, 2000);
    clock.advanceSeconds(60);
    await refund(guest, partly, 1500);
    const statement = await services().documents.statement(guest);
    expect(statement?.payments.map((payment) => [payment.confirmationNumber, payment.refunds])).toEqual([
      [partly, [{ kind: 'refund', at: clock.now().toISOString(), amountCents: 1500 }]],
    ]);
  });

  it('never shows another account’s refunds, nor another client’s', async () => {
    const guests = await pay(guest, DEMO_GUEST.invoiceNumber, 1000);
    const pats = await pay(pat, 'SUN-100031', 1000);
    await refund(pat, pats, 700);

    const guestHistory = await history(guest);
    expect([...guestHistory.keys()]).toEqual([guests]);
    expect(guestHistory.get(guests)?.refunds).toEqual([]);
    expect((await history(pat)).get(pats)?.refunds).toEqual([{ kind: 'refund', at: clock.now().toISOString(), amountCents: 700 }]);
    // The account's id under another client's scope reaches nothing of it.
    const [harbor] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'HBR'));
    expect(await services().documents.pastPayments({ clientId: harbor?.id ?? -1, accountId: pat.accountId })).toEqual([]);
  });
});
