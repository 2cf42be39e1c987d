/**
 * MakePayment's concurrency on PostgreSQL through node-postgres, where concurrent requests really
 * run on separate connections (PGlite has one and runs transactions one after another). Runs only
 * when TEST_DATABASE_URL names a database that may hold the demo data (its payments are wiped).
 */
import { count } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptSchema } from '@contracts/payments';
import { openDatabase, type OpenedDatabase } from '../../db/client';
import { payments } from '../../db/schema';
import { seedDemoData } from '../../seed/seed';
import { DEMO_BILLING, DEMO_PASSWORD, TestBrowser, createTestApp, resetPayments, resetSessions, tokenizeTestCard } from '../../test/harness';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('MakePayment on PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: OpenedDatabase;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: databaseUrl ?? '' });
    await seedDemoData(database.db, { nodeEnv: 'test' });
    await resetSessions(database.db);
    await resetPayments(database.db);
  });

  afterAll(async () => {
    await database.close();
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
