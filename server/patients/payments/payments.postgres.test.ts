/**
 * MakePayment's concurrency on PostgreSQL through node-postgres, where concurrent requests really
 * run on separate connections (PGlite has one and runs transactions one after another). Runs only
 * when TEST_DATABASE_URL names a database that may hold the demo data (its payments are wiped).
 */
import { count } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptSchema } from '@contracts/payments';
import type { OpenedDatabase } from '../../db/client';
import { payments } from '../../db/schema';
import { seedDemoData } from '../../seed/seed';
import { DEMO_BILLING, DEMO_PASSWORD, TestBrowser, createTestApp, resetPayments, tokenizeTestCard } from '../../test/harness';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/postgres-servers';

describe.skipIf(!testDatabaseUrl)('MakePayment on PostgreSQL (TEST_DATABASE_URL), as the server\'s role', () => {
  let created: TestDatabase;
  let database: OpenedDatabase;

  beforeAll(async () => {
    created = await createTestDatabase('pbp_payments');
    database = await created.open();
    await seedDemoData(database.db, { nodeEnv: 'test' });
    // Without the demo payments, so the payments counted are the test's own; lifting the ledger's guard takes the owner.
    const owner = await created.openAsOwner();
    try {
      await resetPayments(owner.db);
    } finally {
      await owner.close();
    }
  });

  afterAll(async () => {
    await database.close();
    await created.drop();
  });

  it('charges once for 20 concurrent submissions with one key, more than the connection pool holds', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    expect((await browser.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    const token = await tokenizeTestCard(database.db);
    const body = {
      lines: [{ invoiceNumber: 'SUN-100039', amountCents: 2000 }],
      cardToken: token,
      billing: DEMO_BILLING,
    };

    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await browser.post('/api/OnlinePayment/MakePayment', body, {
          headers: { 'Idempotency-Key': 'postgres-concurrency-1' },
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
    expect(new Set(answers.map((answer) => v.parse(receiptSchema, answer.body).confirmationNumber)).size).toBe(1);
    expect((await database.db.select({ n: count() }).from(payments))[0]?.n).toBe(1);
    const information = v.parse(
      v.object({ invoices: v.array(v.object({ invoiceNumber: v.string(), balanceCents: v.number() })) }),
      (await browser.getJson('/api/OnlinePayment/GetAccountInformation')).body,
    );
    expect(information.invoices.find((invoice) => invoice.invoiceNumber === 'SUN-100039')?.balanceCents).toBe(6320 - 2000);
  });
});
