/**
 * The payment history's refunds and voids: each past payment carries what the billing office gave
 * back of it, read from the money events of the caller's own account, in the order given back.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keptCents, type PastPayment } from '@contracts/documents';
import type { AccountScope } from '../../http/scope';
import { accounts } from '../../db/schema';
import { DEMO_GUEST, manualClock, resetPayments, useSeededDatabase } from '../../test/harness';
import { clientIdOf, createPayer } from '../../test/money-fixtures';
import { createAccountsService } from '../../core/accounts/accounts.service';
import { createClientsService } from '../../core/clients/clients.service';
import { createRefundsService } from '../../core/payments/refunds.service';
import { createSandboxProcessor } from '../../core/processor/sandbox-processor';
import { createDocumentsService } from '../../core/documents/documents.service';

const database = useSeededDatabase();
/** 09:00 in Chicago, SUN's time zone: the business day of 2 March is open until 21:30 there. */
const clock = manualClock('2026-03-02T15:00:00Z');
const office = { kind: 'apiKey', id: 'pbp_0123456789' } as const;
let guest: AccountScope;
let pat: AccountScope;

async function scopeOf(accountNumber: string): Promise<AccountScope> {
  const clientId = await clientIdOf(database.db, 'SUN');
  const [row] = await database.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.clientId, clientId), eq(accounts.accountNumber, accountNumber)));
  if (!row) throw new Error(`No account ${accountNumber} at SUN`);
  return { clientId, accountId: row.id };
}

beforeAll(async () => {
  guest = await scopeOf(DEMO_GUEST.accountNumber);
  pat = await scopeOf('A-100200');
});

beforeEach(async () => {
  await resetPayments(database.db);
});

function services() {
  const { db } = database;
  return {
    refunds: createRefundsService({ db, processorFor: createSandboxProcessor({ db, now: clock.now }).processorFor, now: clock.now }),
    documents: createDocumentsService({ db, accounts: createAccountsService({ db }), clients: createClientsService({ db }), now: clock.now }),
  };
}

/** Pays `amountCents` of the invoice on the scope's account with a sandbox card; answers the confirmation number. */
const pay = (scope: AccountScope, invoiceNumber: string, amountCents: number): Promise<string> =>
  createPayer(database.db, scope.clientId, clock.now)({ id: scope.accountId, accountNumber: '', invoiceNumber }, amountCents);

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
    expect(await services().documents.pastPayments({ clientId: await clientIdOf(database.db, 'HBR'), accountId: pat.accountId })).toEqual([]);
  });
});
