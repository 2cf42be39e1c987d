/**
 * Seeds the demo data into an empty database. Never in production, never twice: it runs only
 * while the clients table is empty, under an advisory lock so replicas starting together do not
 * both seed.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, clients, invoices, userClients, users } from '../db/schema';
import { hashPassword } from '../security/password';
import {
  DEMO_PASSWORD,
  DEMO_POSTAL_CODE,
  demoGuestAccounts,
  demoInvoices,
  demoUsers,
  fixedClients,
  generatedClients,
  type DemoAccount,
} from './demo-data';

export type SeedResult = 'seeded' | 'skippedProduction' | 'skippedNotEmpty';

export interface SeedOptions {
  /** Defaults to process.env.NODE_ENV. */
  nodeEnv?: string | undefined;
}

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 7_340_211;

/** Seeds the demo clients, accounts, invoices and users when allowed and the database has no clients. */
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
