import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { accounts, clients, invoiceLines, invoices, statementImportProblems, statementImports } from '../../db/schema';
import { insertPastPayment } from '../../seed/seed';
import { useSeededDatabase } from '../../test/harness';
import { readCsvStatement } from './csv-statement';
import { statementHeader, type StatementColumnName } from './statement-columns';
import { createStatementImport, type ImportOutcome } from './statement-import';

const database = useSeededDatabase();
type Row = Partial<Record<StatementColumnName, string>>;

/** A valid line; each test changes what it is about. */
const line = (overrides: Row = {}): Row => ({
  account_number: 'T-100',
  guarantor_name: 'Terry Test',
  guarantor_email: 'terry@example.com',
  guarantor_postal_code: '62704',
  patient_name: 'Terry Test',
  invoice_number: 'T-INV-1',
  invoice_date: '2026-02-01',
  due_date: '2026-03-01',
  line_number: '1',
  service_date: '2026-01-30',
  procedure_code: '80053',
  procedure_description: 'Comprehensive metabolic panel',
  units: '1',
  charge: '100.00',
  insurance_paid: '20.00',
  adjustments: '5.00',
  patient_paid: '0.00',
  balance: '75.00',
  payer_name: 'Aetna',
  claim_status: 'Paid',
  statement_produced_at: '2026-03-01T06:00:00Z',
  ...overrides,
});

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: Row[], header: readonly StatementColumnName[] = statementHeader) =>
  `${header.join(',')}\n${rows.map((row) => header.map((name) => quote(row[name] ?? '')).join(',')).join('\n')}\n`;

let clientId = 0;
let sunId = 0;
beforeAll(async () => {
  const [acl] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'ACL'));
  const [sun] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
  clientId = acl?.id ?? 0;
  sunId = sun?.id ?? 0;
});

async function importCsv(
  text: string | Buffer,
  { scope = 'partial', dryRun = false, client = clientId }: { scope?: 'full' | 'partial'; dryRun?: boolean; client?: number } = {},
): Promise<ImportOutcome> {
  const csv = readCsvStatement(Readable.from([typeof text === 'string' ? Buffer.from(text) : text]));
  return createStatementImport({ db: database.db, now: () => new Date() }).run({
    clientId: client,
    source: 'csv',
    fileName: 'test.csv',
    scope,
    dryRun,
    apiKeyId: null,
    rows: csv.rows,
    checksum: csv.checksum,
  });
}

async function problemsOf(importId: number) {
  return database.db
    .select({ line: statementImportProblems.line, column: statementImportProblems.column, code: statementImportProblems.code, reason: statementImportProblems.reason })
    .from(statementImportProblems)
    .where(eq(statementImportProblems.importId, importId))
    .orderBy(statementImportProblems.line, statementImportProblems.id);
}

async function invoiceOf(invoiceNumber: string, client = clientId) {
  const [row] = await database.db.select().from(invoices).where(and(eq(invoices.clientId, client), eq(invoices.invoiceNumber, invoiceNumber)));
  return row ?? null;
}

const linesOf = (invoiceId: number) => database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.lineNumber);

describe('the demo data comes in through the statement import', () => {
  it('loads every demo statement file whole, line by line, with the balances the demo has always had', async () => {
    const imported = await database.db.select().from(statementImports).where(eq(statementImports.status, 'imported'));
    expect(imported.map((each) => each.fileName).sort()).toEqual(['DLT-52.csv', 'HBR.csv', 'NPP.csv', 'SUN.csv']);
    expect(imported.every((each) => each.rowsRefused === 0)).toBe(true);
    const cmp = await invoiceOf('SUN-100035', sunId);
    expect(cmp).toMatchObject({ amountCents: 12675, balanceCents: 7675, goodFaithEstimateCents: 15000, closedAt: null });
    expect((await linesOf(cmp?.id ?? 0)).map((each) => [each.procedureCode, each.chargeCents, each.balanceCents])).toEqual([
      ['80053', 21000, 5975],
      ['36415', 1800, 1700],
    ]);
    // Paid in full by the demo payment, which the file reflects: closed.
    const paid = await invoiceOf('SUN-100012', sunId);
    expect(paid?.balanceCents).toBe(0);
    expect(paid?.closedAt).toBeInstanceOf(Date);
  });
});

describe('a statement file', () => {
  it('creates accounts, invoices and lines, and the same file again is refused as a repeat that changes nothing', async () => {
    const text = csvOf([line(), line({ line_number: '2', procedure_code: '36415', procedure_description: 'Venipuncture', charge: '18.00', insurance_paid: '0.00', adjustments: '0.00', balance: '18.00' })]);
    const first = await importCsv(text);
    expect(first).toMatchObject({ status: 'imported', rowsRead: 2, rowsRefused: 0, accountsCreated: 1, invoicesCreated: 1 });
    const invoice = await invoiceOf('T-INV-1');
    expect(invoice).toMatchObject({ amountCents: 9300, balanceCents: 9300, description: 'Comprehensive metabolic panel', patientName: 'Terry Test' });
    expect(await linesOf(invoice?.id ?? 0)).toHaveLength(2);

    const again = await importCsv(text);
    expect(again.status).toBe('refused');
    expect(again.message).toMatch(/this exact file was imported already/);
    expect(await invoiceOf('T-INV-1')).toEqual(invoice);
  });

  it('counts what an equal file (another checksum) leaves unchanged, and what a changed one updates', async () => {
    const unchanged = await importCsv(csvOf([line(), line({ line_number: '2', procedure_code: '36415', procedure_description: 'Venipuncture', charge: '18.00', insurance_paid: '0.00', adjustments: '0.00', balance: '18.00' })]) + '\n');
    expect(unchanged).toMatchObject({ status: 'imported', accountsUnchanged: 1, invoicesUnchanged: 1, invoicesUpdated: 0 });
    const updated = await importCsv(csvOf([line({ guarantor_phone: '555-0100', patient_paid: '25.00', balance: '50.00', statement_produced_at: '2026-03-02T06:00:00Z' })]));
    expect(updated).toMatchObject({ status: 'imported', accountsUpdated: 1, invoicesUpdated: 1 });
    const invoice = await invoiceOf('T-INV-1');
    expect(invoice).toMatchObject({ amountCents: 7500, balanceCents: 5000 });
    // The invoice's lines are the file's: line 2 is gone.
    expect((await linesOf(invoice?.id ?? 0)).map((each) => each.lineNumber)).toEqual([1]);
  });

  it('refuses each bad row with its line, column and reason, and leaves an account with a refused row as it was', async () => {
    const text = csvOf([
      line({ account_number: 'T-200', invoice_number: 'T-INV-20' }), // line 2: fine, but its account has a bad row
      line({ account_number: 'T-200', invoice_number: 'T-INV-21', charge: '-5.00' }), // 3
      line({ account_number: 'T-300', invoice_number: 'T-INV-30' }), // 4: fine alone, but its invoice is under T-305 too (line 10)
      line({ account_number: 'T-301', invoice_number: 'T-INV-31', invoice_date: '2026-02-30' }), // 5
      line({ account_number: 'T-302', invoice_number: 'T-INV-32', balance: '70.00' }), // 6: does not add up
      line({ account_number: 'T-303', invoice_number: 'T-INV-33', units: 'two' }), // 7
      line({ account_number: 'T-304', invoice_number: 'T-INV-34' }), // 8
      line({ account_number: 'T-304', invoice_number: 'T-INV-34' }), // 9: the same line twice
      line({ account_number: 'T-305', invoice_number: 'T-INV-30' }), // 10: T-300's invoice under another account: neither gets it
      line({ account_number: 'T-306', invoice_number: 'T-INV-1' }), // 11: an invoice of T-100 in the portal
      line({ account_number: 'T-307', invoice_number: 'T-INV-37', guarantor_name: '=HYPERLINK("http://evil.example","x")' }), // 12: stored as text
    ]);
    const outcome = await importCsv(`${text}T-308,only three,columns\n`);
    expect(outcome).toMatchObject({ status: 'imported', rowsRead: 12 });
    const problems = await problemsOf(outcome.id);
    const byLine = (n: number) => problems.filter((each) => each.line === n).map((each) => `${each.column}:${each.code}`);
    expect(byLine(3)).toEqual(['charge:invalidMoney']);
    expect(byLine(2)).toEqual([':accountRefused']);
    expect(byLine(5)).toEqual(['invoice_date:invalidDate']);
    expect(byLine(6)).toEqual(['balance:notAddingUp']);
    expect(problems.find((each) => each.line === 6)?.reason).toBe('the line does not add up: charge − insurance paid − adjustments − patient paid is 75.00, but balance is 70.00');
    expect(byLine(7)).toEqual(['units:invalidCount']);
    expect(byLine(9)).toContain('line_number:duplicateLine');
    expect(byLine(8)).toEqual([':accountRefused']);
    // An invoice under two accounts, its line numbers the same: neither row lands (once, only the second was refused).
    expect(byLine(10)).toContain('account_number:invoiceUnderTwoAccounts');
    expect(byLine(4)).toEqual(['account_number:invoiceUnderTwoAccounts']);
    expect(problems.find((each) => each.line === 4)?.reason).toBe('invoice T-INV-30 is under accounts T-300, T-305 in this file; an invoice belongs to one account');
    expect(byLine(11)).toEqual(['account_number:invoiceOfAnotherAccount']);
    expect(byLine(13)).toEqual([':raggedRow']);
    expect(outcome.rowsRefused).toBe(11);
    // T-307 lands; T-200 and T-300 are left as they were (they did not exist: they still do not).
    expect(await invoiceOf('T-INV-30')).toBeNull();
    expect(await invoiceOf('T-INV-37')).not.toBeNull();
    expect(await invoiceOf('T-INV-20')).toBeNull();
    const [holder] = await database.db.select({ holderName: accounts.holderName }).from(accounts).where(eq(accounts.accountNumber, 'T-307'));
    expect(holder?.holderName).toBe('=HYPERLINK("http://evil.example","x")');
    expect((await invoiceOf('T-INV-1'))?.accountId).toBe((await invoiceOf('T-INV-1'))?.accountId);
  });

  it('refuses a whole file, writing nothing of it, for a wrong header, semicolons, Latin-1, an unclosed quote, or no rows', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const cases: [string | Buffer, string][] = [
      [csvOf([line()], statementHeader.filter((name) => name !== 'balance')), 'wrongHeader'],
      [csvOf([line()]).replace(/,/g, ';'), 'wrongDelimiter'],
      [Buffer.concat([Buffer.from(csvOf([line({ invoice_number: 'T-INV-LATIN' })]).replace('Terry Test', 'Ter')), Buffer.from([0xe9]), Buffer.from('\n')]), 'notUtf8'],
      [`${csvOf([line({ invoice_number: 'T-INV-Q' })])}T-9,"never closed\n`, 'unclosedQuote'],
      [`${statementHeader.join(',')}\n`, 'empty'],
      [csvOf([line({ invoice_number: 'T-INV-M1' }), line({ invoice_number: 'T-INV-M2', statement_produced_at: '2026-03-05T06:00:00Z' })]), 'mixedProducedAt'],
    ];
    for (const [text, code] of cases) {
      const outcome = await importCsv(text);
      expect(outcome.status, code).toBe('refused');
      expect((await problemsOf(outcome.id)).map((each) => each.code)).toEqual([code]);
    }
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(invoices)).toEqual(before);
  });

  it('refuses a file larger than the limit as it streams past it, writing nothing of it', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const rows = Array.from({ length: 40 }, (_, n) => line({ account_number: `T-BIG-${String(n)}`, invoice_number: `T-INV-BIG-${String(n)}` }));
    const text = Buffer.from(csvOf(rows));
    // Chunks as a socket or a file would give them; the limit is a fraction of the file (256 MB in the product).
    const chunks = Array.from({ length: Math.ceil(text.length / 512) }, (_, n) => text.subarray(n * 512, (n + 1) * 512));
    const limit = Math.floor(text.length / 2);
    const csv = readCsvStatement(Readable.from(chunks), { maxBytes: limit });
    const outcome = await createStatementImport({ db: database.db, now: () => new Date() }).run({
      clientId,
      source: 'csv',
      fileName: 'big.csv',
      scope: 'partial',
      dryRun: false,
      apiKeyId: null,
      rows: csv.rows,
      checksum: csv.checksum,
    });
    expect(outcome).toMatchObject({ status: 'refused', message: `the file is larger than ${String(Math.round(limit / 1024 / 1024))} MB; split it into smaller files` });
    expect((await problemsOf(outcome.id)).map((each) => each.code)).toEqual(['tooLarge']);
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(invoices)).toEqual(before);
    expect(await invoiceOf('T-INV-BIG-0')).toBeNull();
  });

  it('keeps a value with a tab, a backslash and a line break in quotes as it was written', async () => {
    const description = 'Panel\tA \\ B\nsecond line';
    const outcome = await importCsv(csvOf([line({ account_number: 'T-410', invoice_number: 'T-INV-41', procedure_description: description })]));
    expect(outcome).toMatchObject({ status: 'imported', rowsRefused: 0, invoicesCreated: 1 });
    expect((await linesOf((await invoiceOf('T-INV-41'))?.id ?? 0))[0]?.description).toBe(description);
  });

  it('reads a file with a byte-order mark and quoted commas', async () => {
    const outcome = await importCsv(`\uFEFF${csvOf([line({ account_number: 'T-400', invoice_number: 'T-INV-40', procedure_description: 'Vitamin D, 25-hydroxy' })])}`);
    expect(outcome).toMatchObject({ status: 'imported', rowsRefused: 0, invoicesCreated: 1 });
    expect((await linesOf((await invoiceOf('T-INV-40'))?.id ?? 0))[0]?.description).toBe('Vitamin D, 25-hydroxy');
  });

  it('a dry run reports what it would do and changes nothing', async () => {
    const outcome = await importCsv(csvOf([line({ account_number: 'T-500', invoice_number: 'T-INV-50' })]), { dryRun: true });
    expect(outcome).toMatchObject({ status: 'imported', accountsCreated: 1, invoicesCreated: 1 });
    expect(await invoiceOf('T-INV-50')).toBeNull();
  });

  it('a zero balance closes an invoice; a full file closes the open invoices it does not name, a partial one leaves them', async () => {
    await importCsv(csvOf([line({ account_number: 'T-600', invoice_number: 'T-INV-60', statement_produced_at: '2026-03-10T06:00:00Z' })]));
    const paid = await importCsv(csvOf([line({ account_number: 'T-600', invoice_number: 'T-INV-60', patient_paid: '75.00', balance: '0.00', statement_produced_at: '2026-03-11T06:00:00Z' })]));
    expect(paid.invoicesClosed).toBe(1);
    expect((await invoiceOf('T-INV-60'))?.balanceCents).toBe(0);
    expect((await invoiceOf('T-INV-60'))?.closedAt).toBeInstanceOf(Date);

    const partial = await importCsv(csvOf([line({ account_number: 'T-601', invoice_number: 'T-INV-61', statement_produced_at: '2026-03-12T06:00:00Z' })]));
    expect(partial.invoicesClosed).toBe(0);
    expect((await invoiceOf('T-INV-37'))?.closedAt).toBeNull();
    const full = await importCsv(csvOf([line({ account_number: 'T-601', invoice_number: 'T-INV-61', statement_produced_at: '2026-03-13T06:00:00Z' })]), { scope: 'full' });
    expect(full.invoicesClosed).toBeGreaterThanOrEqual(1);
    expect((await invoiceOf('T-INV-37'))?.closedAt).toBeInstanceOf(Date);
    expect((await invoiceOf('T-INV-61'))?.closedAt).toBeNull();
  });

  it('never undoes a portal payment with an older balance, and a file older than the last one changes nothing', async () => {
    await importCsv(csvOf([line({ account_number: 'T-700', invoice_number: 'T-INV-70', statement_produced_at: '2026-04-01T06:00:00Z' })]));
    const invoice = await invoiceOf('T-INV-70');
    const [account] = await database.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.clientId, clientId), eq(accounts.accountNumber, 'T-700')));
    await insertPastPayment(database.db, {
      clientId,
      accountId: account?.id ?? 0,
      payment: { confirmationNumber: 'P-LATEPAY001', paidAt: '2026-04-02T12:00:00Z', payerName: 'Terry Test', email: 'terry@example.com', lines: [{ invoiceNumber: 'T-INV-70', amountCents: 3000 }] },
    });
    await database.db.update(invoices).set({ balanceCents: 4500 }).where(eq(invoices.id, invoice?.id ?? 0));

    // Produced before the payment (a day late in arriving): the payment stays subtracted.
    await importCsv(csvOf([line({ account_number: 'T-700', invoice_number: 'T-INV-70', guarantor_phone: '1', statement_produced_at: '2026-04-02T06:00:00Z' })]));
    expect((await invoiceOf('T-INV-70'))?.balanceCents).toBe(4500);
    // Produced after it, reflecting it: the file's balance.
    await importCsv(csvOf([line({ account_number: 'T-700', invoice_number: 'T-INV-70', patient_paid: '30.00', balance: '45.00', statement_produced_at: '2026-04-03T06:00:00Z' })]));
    expect((await invoiceOf('T-INV-70'))?.balanceCents).toBe(4500);
    // An older file arriving last changes nothing.
    const stale = await importCsv(csvOf([line({ account_number: 'T-700', invoice_number: 'T-INV-70', guarantor_phone: '2', statement_produced_at: '2026-04-01T12:00:00Z' })]));
    expect(stale.invoicesUnchanged).toBe(1);
    expect((await invoiceOf('T-INV-70'))?.statementProducedAt?.toISOString()).toBe('2026-04-03T06:00:00.000Z');
  });

  it('keeps one client’s import away from another’s invoices of the same number', async () => {
    const outcome = await importCsv(csvOf([line({ account_number: 'A-100200', invoice_number: 'SUN-100031', guarantor_name: 'Someone Else' })]));
    expect(outcome).toMatchObject({ status: 'imported', invoicesCreated: 1 });
    const [sunAccount] = await queryRows<{ holder_name: string }>(database.db, sql`select holder_name from accounts where client_id = ${sunId} and account_number = 'A-100200'`);
    expect(sunAccount?.holder_name).toBe('Pat Doe');
  });
});

describe('a file with more bad rows than an import lists', () => {
  it('keeps the first problems, says how many it left out, and still refuses and counts every bad row', async () => {
    const rows = Array.from({ length: 8 }, (_, n) => line({ account_number: `T-CAP-${String(n)}`, invoice_number: `T-INV-CAP-${String(n)}`, charge: 'lots', units: 'two' }));
    const csv = readCsvStatement(Readable.from([Buffer.from(csvOf([...rows, line({ account_number: 'T-CAP-OK', invoice_number: 'T-INV-CAP-OK' })]))]));
    const outcome = await createStatementImport({ db: database.db, now: () => new Date(), maxProblemsKept: 5 }).run({
      clientId,
      source: 'csv',
      fileName: 'many-bad-rows.csv',
      scope: 'partial',
      dryRun: false,
      apiKeyId: null,
      rows: csv.rows,
      checksum: csv.checksum,
    });
    expect(outcome).toMatchObject({ status: 'imported', rowsRead: 9, rowsRefused: 8, invoicesCreated: 1 });
    const problems = await problemsOf(outcome.id);
    expect(problems.slice(0, 5).map((each) => each.code)).toEqual(['invalidCount', 'invalidMoney', 'invalidCount', 'invalidMoney', 'invalidCount']);
    // Eight rows of two problems each: five listed, eleven left out, and said so.
    expect(problems.slice(5)).toEqual([
      expect.objectContaining({ line: null, code: 'problemsNotKept', reason: '11 more problems of refused rows are not listed (an import lists the first 5); every refused row is counted, and none of them was imported' }),
    ]);
    expect(await invoiceOf('T-INV-CAP-3')).toBeNull();
    expect(await invoiceOf('T-INV-CAP-OK')).not.toBeNull();
  });
});
