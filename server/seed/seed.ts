/**
 * Seeds the demo data into an empty database. Never in production, never twice: it runs only
 * while the clients table is empty, under an advisory lock so replicas starting together do not
 * both seed.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, clients, invoices, paymentLines, payments, userClients, users } from '../db/schema';
import { hashPassword } from '../security/password';
import {
  DEMO_PASSWORD,
  DEMO_POSTAL_CODE,
  demoGuestAccounts,
  demoInvoices,
  demoPayments,
  demoUsers,
  fixedClients,
  generatedClients,
  type DemoAccount,
  type PastPaymentSeed,
} from './demo-data';

export type SeedResult = 'seeded' | 'skippedProduction' | 'skippedNotEmpty';

export interface SeedOptions {
  /** Defaults to process.env.NODE_ENV. */
  nodeEnv?: string | undefined;
}

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 7_340_211;

/** Seeds the demo clients, accounts, invoices, payments and users when allowed and the database has no clients. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const nodeEnv = 'nodeEnv' in options ? options.nodeEnv : process.env.NODE_ENV;
  if (nodeEnv === 'production') return 'skippedProduction';

  // Hash outside the transaction: it is slow, and the lock need not wait for it.
  const passwordHashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(clients);
    if ((existing?.n ?? 0) > 0) return 'skippedNotEmpty';

    const inserted = await tx
      .insert(clients)
      .values([...fixedClients, ...generatedClients])
      .returning({ id: clients.id, code: clients.code, billingGroup: clients.billingGroup });
    const clientId = (code: string, billingGroup: string | undefined) => {
      const match = inserted.find((row) => row.code === code && row.billingGroup === (billingGroup ?? null));
      if (!match) throw new Error(`Demo data names an unknown client ${code}/${billingGroup ?? ''}`);
      return match.id;
    };

    // Every membership's account, and the accounts only guests use.
    const demoAccounts: DemoAccount[] = [
      ...demoUsers.flatMap((user) =>
        user.memberships.map((membership) => ({ ...membership, holderName: `${user.firstName} ${user.lastName}`, email: user.email })),
      ),
      ...demoGuestAccounts,
    ];
    const insertedAccounts = await tx
      .insert(accounts)
      .values(
        demoAccounts.map((account) => ({
          clientId: clientId(account.clientCode, account.billingGroup),
          accountNumber: account.accountNumber,
          holderName: account.holderName,
          guarantorPostalCode: DEMO_POSTAL_CODE,
          email: account.email ?? null,
        })),
      )
      .returning({ id: accounts.id, clientId: accounts.clientId, accountNumber: accounts.accountNumber });
    const accountId = (code: string, billingGroup: string | undefined, accountNumber: string) => {
      const owner = clientId(code, billingGroup);
      const match = insertedAccounts.find((row) => row.clientId === owner && row.accountNumber === accountNumber);
      if (!match) throw new Error(`Demo data names an unknown account ${code}/${accountNumber}`);
      return match.id;
    };

    await tx.insert(invoices).values(
      demoInvoices.map((invoice) => ({
        clientId: clientId(invoice.clientCode, invoice.billingGroup),
        accountId: accountId(invoice.clientCode, invoice.billingGroup, invoice.accountNumber),
        invoiceNumber: invoice.invoiceNumber,
        description: invoice.description,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        amountCents: invoice.amountCents,
        balanceCents: invoice.balanceCents,
      })),
    );

    for (const payment of demoPayments) {
      await insertPastPayment(tx, {
        clientId: clientId(payment.clientCode, undefined),
        accountId: accountId(payment.clientCode, undefined, payment.accountNumber),
        payment,
      });
    }

    for (const [index, user] of demoUsers.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: user.email,
          passwordHash: passwordHashes[index] ?? '',
          firstName: user.firstName,
          lastName: user.lastName,
          isActive: true,
          // Demo users are activated from the start (now() is also their created_at).
          activatedAt: sql`now()`,
          passwordChangeRequired: user.passwordChangeRequired ?? false,
        })
        .returning({ id: users.id });
      if (!row) throw new Error(`Could not insert ${user.email}`);
      // One second apart, so "the client joined first" follows the listed order.
      const joinedBase = Date.UTC(2024, 0, 1);
      await tx.insert(userClients).values(
        user.memberships.map((membership, position) => ({
          userId: row.id,
          clientId: clientId(membership.clientCode, membership.billingGroup),
          role: 'ClientBillingUser',
          accountNumber: membership.accountNumber,
          accountDisabled: membership.accountDisabled ?? false,
          createdAt: new Date(joinedBase + position * 1000),
        })),
      );
    }
    return 'seeded';
  });
}

/**
 * Inserts a payment made before the demo (or the tests) start, with what it paid on each invoice
 * of the client. It is the invoices' latest payment: their balances now are what it left.
 */
export async function insertPastPayment(
  tx: Database,
  { clientId, accountId, payment }: { clientId: number; accountId: number; payment: PastPaymentSeed },
): Promise<void> {
  const paidInvoices = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, balanceCents: invoices.balanceCents })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), inArray(invoices.invoiceNumber, payment.lines.map((line) => line.invoiceNumber))));
  const [row] = await tx
    .insert(payments)
    .values({
      clientId,
      accountId,
      confirmationNumber: payment.confirmationNumber,
      idempotencyKey: `seeded-${payment.confirmationNumber}`,
      requestHash: 'seeded',
      paidAt: new Date(payment.paidAt),
      totalCents: payment.lines.reduce((sum, line) => sum + line.amountCents, 0),
      cardBrand: 'visa',
      cardLast4: '4242',
      payerName: payment.payerName,
      email: payment.email,
      addressLine1: '1 Main Street',
      city: 'Springfield',
      region: 'IL',
      postalCode: DEMO_POSTAL_CODE,
      country: 'United States',
    })
    .returning({ id: payments.id });
  if (!row) throw new Error(`Could not insert ${payment.confirmationNumber}`);
  await tx.insert(paymentLines).values(
    payment.lines.map((line) => {
      const invoice = paidInvoices.find((each) => each.invoiceNumber === line.invoiceNumber);
      if (!invoice) throw new Error(`Payment ${payment.confirmationNumber} names an unknown invoice ${line.invoiceNumber}`);
      return { paymentId: row.id, clientId, invoiceId: invoice.id, amountCents: line.amountCents, balanceAfterCents: invoice.balanceCents };
    }),
  );
}
