/**
 * Seeds the demo data into an empty database. Never in production, never twice: it runs only
 * while the clients table is empty, under an advisory lock so replicas starting together do not
 * both seed.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { paletteOf } from '@contracts/branding';
import type { Database } from '../db/client';
import { accounts, clients, invoices, paymentLines, payments, staffMembers, userClients, users } from '../db/schema';
import { colourColumns } from '../core/branding/branding.service';
import { readCsvStatement } from '../core/statements/csv-statement';
import { createStatementImport } from '../core/statements/statement-import';
import { hashPassword } from '../security/password';
import { developmentSecretBox, type SecretBox } from '../security/secret-box';
import { reserveIds, secretPurpose } from '../security/stored-secrets';
import {
  DEMO_PASSWORD,
  DEMO_POSTAL_CODE,
  DEMO_TOTP_SECRET,
  demoPayments,
  demoStaff,
  demoStatementFiles,
  demoStatementsFolder,
  demoUsers,
  fixedClients,
  generatedClients,
  type PastPaymentSeed,
} from './demo-data';

export type SeedResult = 'seeded' | 'skippedProduction' | 'skippedNotEmpty';

export interface SeedOptions {
  /** Defaults to process.env.NODE_ENV. */
  nodeEnv?: string | undefined;
  /** Seals the demo staff's authenticator secret. Default: the development box (the tests'). */
  secrets?: SecretBox;
}

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 7_340_211;

/** Seeds the demo clients, accounts, invoices, payments and users when allowed and the database has no clients. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const nodeEnv = 'nodeEnv' in options ? options.nodeEnv : process.env.NODE_ENV;
  if (nodeEnv === 'production') return 'skippedProduction';

  // Every start and office command passes here, most with a seeded database: a look first spares them
  // the hashing (seconds on a busy machine). The look under the lock below is what decides.
  const [seen] = await db.select({ n: count() }).from(clients);
  if ((seen?.n ?? 0) > 0) return 'skippedNotEmpty';

  // Hash outside the transaction: it is slow, and the lock need not wait for it.
  const passwordHashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  const staffPasswordHash = await hashPassword(DEMO_PASSWORD);

  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(clients);
    if ((existing?.n ?? 0) > 0) return null;
    return tx
      .insert(clients)
      // Each entry wears the palette its theme names, as the branding migration gave existing clients.
      .values([...fixedClients, ...generatedClients].map((client) => ({ ...colourColumns(paletteOf(client.theme ?? 'default')), ...client })))
      .returning({ id: clients.id, code: clients.code, billingGroup: clients.billingGroup });
  });
  if (!inserted) return 'skippedNotEmpty';
  const clientId = (code: string, billingGroup: string | undefined) => {
    const match = inserted.find((row) => row.code === code && row.billingGroup === (billingGroup ?? null));
    if (!match) throw new Error(`Demo data names an unknown client ${code}/${billingGroup ?? ''}`);
    return match.id;
  };

  // The accounts and invoices come in through the front door: the statement import, from files.
  const statements = createStatementImport({ db, now: () => new Date() });
  for (const { clientCode, billingGroup, file } of demoStatementFiles) {
    const csv = readCsvStatement(createReadStream(join(demoStatementsFolder, file)));
    const outcome = await statements.run({
      clientId: clientId(clientCode, billingGroup),
      source: 'csv',
      fileName: file,
      scope: 'full',
      dryRun: false,
      apiKeyId: null,
      rows: csv.rows,
      checksum: csv.checksum,
    });
    if (outcome.status !== 'imported' || outcome.rowsRefused > 0) {
      throw new Error(`The demo statement ${file} did not import cleanly: ${outcome.message ?? `${String(outcome.rowsRefused)} rows refused`}`);
    }
  }

  return db.transaction(async (tx) => {
    const accountId = async (code: string, billingGroup: string | undefined, accountNumber: string) => {
      const owner = clientId(code, billingGroup);
      const [match] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.clientId, owner), eq(accounts.accountNumber, accountNumber)));
      if (!match) throw new Error(`Demo data names an unknown account ${code}/${accountNumber}`);
      return match.id;
    };

    for (const payment of demoPayments) {
      await insertPastPayment(tx, {
        clientId: clientId(payment.clientCode, undefined),
        accountId: await accountId(payment.clientCode, undefined, payment.accountNumber),
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
    // Each row's id first: its authenticator secret is sealed for its row.
    const secrets = options.secrets ?? developmentSecretBox();
    const staffIds = await reserveIds(tx, 'staff_members', demoStaff.length);
    await tx.insert(staffMembers).values(
      demoStaff.map((staff, index) => {
        const id = staffIds[index];
        if (id === undefined) throw new Error(`No id was reserved for ${staff.email}`);
        return {
          id,
          clientId: clientId(staff.clientCode, undefined),
          email: staff.email,
          role: staff.role,
          status: 'active' as const,
          passwordHash: staffPasswordHash,
          totpSecret: secrets.seal(DEMO_TOTP_SECRET, secretPurpose.totpSecret(id)),
          activatedAt: sql`now()`,
        };
      }),
    );
    return 'seeded' as const;
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
