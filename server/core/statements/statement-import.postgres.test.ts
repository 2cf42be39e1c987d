/**
 * Imports on PostgreSQL, where concurrent imports really run on separate connections (PGlite has
 * one): one client's files land one after the other, two clients' side by side. Runs where
 * TEST_DATABASE_URL names a server (.ci/postgres-for-tests.sh), in a database of its own there, as
 * the server's role.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/client';
import { clients, invoiceLines, invoices } from '../../db/schema';
import { seedDemoData } from '../../seed/seed';
import { readCsvStatement } from './csv-statement';
import { statementHeader } from './statement-columns';
import { IMPORT_LOCK_KEY, createStatementImport } from './statement-import';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/postgres-servers';


const row = (account: string, invoice: string, lineNumber: number, charge: string, produced: string) =>
  [account, 'Pat Parallel', '', '', '', '', '', '', '62704', '', '', invoice, '2026-02-01', '2026-03-01', String(lineNumber), '2026-01-30', '80053', 'Panel', '1', charge, '0.00', '0.00', '0.00', charge, '', '', '', '', produced].join(',');
const fileOf = (rows: string[]) => `${statementHeader.join(',')}\n${rows.join('\n')}\n`;

describe.skipIf(!testDatabaseUrl)('statement imports on PostgreSQL (TEST_DATABASE_URL)', () => {
  let created: TestDatabase;
  let database: OpenedDatabase;
  let lockHolder: pg.Client;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    created = await createTestDatabase('pbp_imports');
    database = await created.open();
    await seedDemoData(database.db, { nodeEnv: 'test' });
    for (const code of ['ALP', 'AMB']) {
      ids[code] = (await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)))[0]?.id ?? 0;
    }
    lockHolder = new pg.Client({ connectionString: created.url });
    await lockHolder.connect();
  });

  afterAll(async () => {
    await lockHolder.end();
    await database.close();
    await created.drop();
  });

  const importText = (clientId: number, text: string) => {
    const csv = readCsvStatement(Readable.from([Buffer.from(text)]));
    return createStatementImport({ db: database.db, now: () => new Date() }).run({
      clientId,
      source: 'csv',
      fileName: 'parallel.csv',
      scope: 'partial',
      dryRun: false,
      apiKeyId: null,
      rows: csv.rows,
      checksum: csv.checksum,
    });
  };

  it('lands two files of one client one after the other: every invoice is wholly one file’s, never a mix', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const invoiceNumbers = Array.from({ length: 40 }, (_, index) => `P-${stamp}-${String(index)}`);
    const fileA = fileOf(invoiceNumbers.flatMap((invoice) => [row(`PA-${stamp}`, invoice, 1, '10.00', '2026-03-01T06:00:00Z'), row(`PA-${stamp}`, invoice, 2, '20.00', '2026-03-01T06:00:00Z')]));
    const fileB = fileOf(invoiceNumbers.flatMap((invoice) => [row(`PA-${stamp}`, invoice, 1, '11.00', '2026-03-01T06:00:00Z'), row(`PA-${stamp}`, invoice, 2, '21.00', '2026-03-01T06:00:00Z')]));
    const outcomes = await Promise.all([importText(ids.ALP ?? 0, fileA), importText(ids.ALP ?? 0, fileB)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['imported', 'imported']);
    expect(outcomes.map((outcome) => outcome.invoicesCreated).sort()).toEqual([0, 40]);

    const rows = await database.db
      .select({ invoiceNumber: invoices.invoiceNumber, amount: invoices.amountCents, charge: invoiceLines.chargeCents })
      .from(invoices)
      .innerJoin(invoiceLines, and(eq(invoiceLines.clientId, invoices.clientId), eq(invoiceLines.invoiceId, invoices.id)))
      .where(and(eq(invoices.clientId, ids.ALP ?? 0), inArray(invoices.invoiceNumber, invoiceNumbers)));
    const amounts = new Set(rows.map((each) => each.amount));
    expect(amounts.size).toBe(1);
    const [amount] = [...amounts];
    expect([3000, 3200]).toContain(amount);
    expect(rows.every((each) => (amount === 3000 ? [1000, 2000] : [1100, 2100]).includes(each.charge))).toBe(true);
  });

  it('waits for a client’s earlier import, and lets another client’s run meanwhile', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    await lockHolder.query('select pg_advisory_lock($1, $2)', [IMPORT_LOCK_KEY, ids.ALP]);
    let held = true;
    try {
      const waiting = importText(ids.ALP ?? 0, fileOf([row(`PW-${stamp}`, `PW-${stamp}`, 1, '5.00', '2026-03-01T06:00:00Z')])).then((outcome) => ({ outcome, whileHeld: held }));
      const other = await importText(ids.AMB ?? 0, fileOf([row(`PO-${stamp}`, `PO-${stamp}`, 1, '5.00', '2026-03-01T06:00:00Z')]));
      expect(other.status).toBe('imported');
      held = false;
      await lockHolder.query('select pg_advisory_unlock($1, $2)', [IMPORT_LOCK_KEY, ids.ALP]);
      const { outcome, whileHeld } = await waiting;
      expect(outcome.status).toBe('imported');
      expect(whileHeld).toBe(false);
    } finally {
      if (held) await lockHolder.query('select pg_advisory_unlock($1, $2)', [IMPORT_LOCK_KEY, ids.ALP]);
    }
  });
});
