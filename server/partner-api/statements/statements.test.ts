import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCalls, apiKeys, clients, invoices } from '../../db/schema';
import { formulaParts, spreadsheetSafe } from '../../lib/spreadsheet-safe';
import { createTestApp, useSeededDatabase } from '../../test/harness';
import { createApiKeysService } from '../../core/api-keys/api-keys.service';
import { statementHeader } from '../../core/statements/statement-columns';

const database = useSeededDatabase();
let app: ReturnType<typeof createTestApp>;
const keys: Record<'sun' | 'sunReader' | 'hbr' | 'revoked', string> = { sun: '', sunReader: '', hbr: '', revoked: '' };
let sunId = 0;

beforeAll(async () => {
  app = createTestApp(database.db);
  const service = createApiKeysService({ db: database.db, now: () => new Date() });
  const idOf = async (code: string) => (await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code)))[0]?.id ?? 0;
  sunId = await idOf('SUN');
  keys.sun = (await service.create({ clientId: sunId, scopes: ['bills:write'], name: 'Nightly feed' })).key;
  keys.sunReader = (await service.create({ clientId: sunId, scopes: ['payments:read'] })).key;
  keys.hbr = (await service.create({ clientId: await idOf('HBR'), scopes: ['bills:write'] })).key;
  const revoked = await service.create({ clientId: sunId, scopes: ['bills:write'] });
  await service.revoke({ clientId: sunId, prefix: revoked.prefix });
  keys.revoked = revoked.key;
});

const call = (path: string, { key, method = 'GET', body, type }: { key?: string; method?: string; body?: string; type?: string } = {}) =>
  app.request(path, {
    method,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(type ? { 'Content-Type': type } : {}) },
    ...(body === undefined ? {} : { body }),
  });

const statement = (invoiceNumber: string, overrides: Record<string, unknown> = {}) => ({
  producedAt: '2026-03-01T06:00:00Z',
  accounts: [
    {
      accountNumber: 'S-900',
      guarantor: { name: 'Sam Office', email: 'sam@example.com', postalCode: '62704' },
      invoices: [
        {
          invoiceNumber,
          invoiceDate: '2026-02-01',
          dueDate: '2026-03-01',
          patient: { name: 'Sam Office', birthDate: '1990-01-01' },
          lines: [
            { lineNumber: 1, serviceDate: '2026-01-30', procedureCode: '80053', description: 'Comprehensive metabolic panel', units: 1, chargeCents: 10000, insurancePaidCents: 2000, adjustmentsCents: 500, patientPaidCents: 0, balanceCents: 7500, payerName: 'Aetna', claimStatus: 'Paid' },
          ],
          ...overrides,
        },
      ],
    },
  ],
});

describe('the partner API', () => {
  it('imports a JSON statement with a bills:write key, answers 201 with the report, and lists it for that client only', async () => {
    const response = await call('/api/office/v1/statements?fileName=push.json', { key: keys.sun, method: 'POST', type: 'application/json', body: JSON.stringify(statement('S-INV-1')) });
    expect(response.status).toBe(201);
    const report = (await response.json()) as { id: number; status: string; accounts: { created: number }; invoices: { created: number }; problems: unknown[] };
    expect(report).toMatchObject({ status: 'imported', source: 'json', fileName: 'push.json', rowsRead: 1, rowsRefused: 0, accounts: { created: 1 }, invoices: { created: 1 }, problems: [] });
    expect(response.headers.get('Location')).toBe(`/api/office/v1/imports/${String(report.id)}`);
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'S-INV-1'));
    expect(invoice).toMatchObject({ clientId: sunId, amountCents: 7500, balanceCents: 7500, patientName: 'Sam Office' });

    expect(await (await call(`/api/office/v1/imports/${String(report.id)}`, { key: keys.sun })).json()).toEqual(report);
    const listed = (await (await call('/api/office/v1/imports', { key: keys.sun })).json()) as { imports: { id: number }[] };
    expect(listed.imports.map((each) => each.id)).toContain(report.id);

    // Another client's key finds nothing of it.
    expect((await call(`/api/office/v1/imports/${String(report.id)}`, { key: keys.hbr })).status).toBe(404);
    expect((await call(`/api/office/v1/imports/${String(report.id)}/problems.csv`, { key: keys.hbr })).status).toBe(404);
    const hbrList = (await (await call('/api/office/v1/imports', { key: keys.hbr })).json()) as { imports: { id: number }[] };
    expect(hbrList.imports.map((each) => each.id)).not.toContain(report.id);
  });

  it('writes with the key’s client only: the same invoice number from another client’s key is that client’s own', async () => {
    const response = await call('/api/office/v1/statements', { key: keys.hbr, method: 'POST', type: 'application/json', body: JSON.stringify(statement('S-INV-1')) });
    expect(response.status).toBe(201);
    const rows = await database.db.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.invoiceNumber, 'S-INV-1'));
    expect(rows).toHaveLength(2);
    const [sunInvoice] = await database.db.select().from(invoices).where(sql`${invoices.invoiceNumber} = 'S-INV-1' and ${invoices.clientId} = ${sunId}`);
    expect(sunInvoice?.balanceCents).toBe(7500);
  });

  it('refuses a call without a key, with an unknown or revoked one (401), and one whose key lacks the scope (403)', async () => {
    for (const key of [undefined, 'pbp_0123456789_notakey', keys.revoked, `${keys.sun.slice(0, -1)}x`]) {
      const response = await call('/api/office/v1/imports', key === undefined ? {} : { key });
      expect(response.status, String(key)).toBe(401);
      expect(await response.json()).toEqual({ error: 'invalidApiKey' });
      expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
    const reader = await call('/api/office/v1/statements', { key: keys.sunReader, method: 'POST', type: 'application/json', body: JSON.stringify(statement('S-INV-2')) });
    expect(reader.status).toBe(403);
    expect(await reader.json()).toEqual({ error: 'forbidden' });
  });

  it('records every call made with a key (key, what, answer) and when the key was last used', async () => {
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeyCalls);
    await call('/api/office/v1/imports', { key: keys.sunReader });
    await call('/api/office/v1/imports/999999', { key: keys.sun });
    const recorded = await database.db.select().from(apiKeyCalls).orderBy(sql`${apiKeyCalls.id} desc`).limit(2);
    expect(recorded.map((each) => [each.method, each.path, each.status])).toEqual([
      ['GET', '/api/office/v1/imports/999999', 404],
      ['GET', '/api/office/v1/imports', 403],
    ]);
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(apiKeyCalls);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(2);
    const [reader] = await database.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, recorded[1]?.apiKeyId ?? 0));
    expect(reader?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('opens nothing of the patients’ API to a key: on every route it answers as to an anonymous caller', async () => {
    const response = await call('/api/OnlinePayment/GetAccountInformation', { key: keys.sun });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'notSignedIn' });
    const routes = [...new Set(app.routes.filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/office/') && !route.path.includes('*')).map((route) => `${route.method} ${route.path}`))];
    expect(routes.length).toBeGreaterThan(30);
    const differing: string[] = [];
    for (const route of routes) {
      const [method = 'GET', path = ''] = route.split(' ');
      // The same request twice, without cookies: once bare, once with the key.
      const send = (key?: string) => call(path, { method, ...(key ? { key } : {}), ...(method === 'GET' ? {} : { type: 'application/json', body: '{}' }) });
      const [bare, keyed] = [await send(), await send(keys.sun)];
      if (bare.status !== keyed.status) differing.push(`${route}: ${String(bare.status)} bare, ${String(keyed.status)} with a key`);
    }
    expect(differing).toEqual([]);
  });

  it('imports a CSV file larger than the patients’ API body limit, and lists its refused rows as CSV', async () => {
    const row = (n: number, charge = '100.00') =>
      [`C-${String(n)}`, 'Casey Csv', '', '', '', '', '', '', '62704', '', '', `C-INV-${String(n)}`, '2026-02-01', '2026-03-01', '1', '2026-01-30', '80053', 'Panel', '1', charge, '0.00', '0.00', '0.00', '100.00', '', '', '', '', '2026-03-01T06:00:00Z'].join(',');
    const rows = Array.from({ length: 600 }, (_, index) => row(index));
    rows[10] = row(10, '1e5');
    const body = `${statementHeader.join(',')}\n${rows.join('\n')}\n`;
    expect(body.length).toBeGreaterThan(64 * 1024);
    const response = await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'text/csv', body });
    expect(response.status).toBe(201);
    const report = (await response.json()) as { id: number; rowsRead: number; rowsRefused: number; invoices: { created: number } };
    expect(report).toMatchObject({ rowsRead: 600, rowsRefused: 1, invoices: { created: 599 } });
    const problems = await call(`/api/office/v1/imports/${String(report.id)}/problems.csv`, { key: keys.sun });
    expect(problems.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(parse(await problems.text(), { columns: true })).toEqual([
      { line: '12', location: '', column: 'charge', code: 'invalidMoney', reason: 'charge is not an amount like 125.00 (got "1e5")' },
    ]);
  });

  it('refuses a whole file with 422 and its report; a body that is not JSON or too large, or of another type, plainly', async () => {
    const wrongHeader = await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'text/csv', body: 'account;name\nA-1;x\n' });
    expect(wrongHeader.status).toBe(422);
    expect(await wrongHeader.json()).toMatchObject({ status: 'refused', message: "the header's columns are separated by semicolons; separate them with commas" });
    const notStatement = await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'application/json', body: '{"hello":1}' });
    expect(notStatement.status).toBe(422);
    expect((await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'application/json', body: '{"producedAt": ' })).status).toBe(400);
    expect((await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'text/plain', body: 'x' })).status).toBe(415);
    const tooLarge = await app.request('/api/office/v1/statements', {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.sun}`, 'Content-Type': 'application/json', 'Content-Length': String(17 * 1024 * 1024) },
      body: '{}',
    });
    expect(tooLarge.status).toBe(413);
  });

  it('refuses a JSON statement’s bad line alone, with where it is and why', async () => {
    const body = statement('S-INV-3', { invoiceDate: '2026-02-30' });
    const response = await call('/api/office/v1/statements', { key: keys.sun, method: 'POST', type: 'application/json', body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      rowsRefused: 1,
      problems: [{ line: null, location: 'accounts[0].invoices[0].lines[0]', column: 'invoice_date', code: 'invalidDate' }],
    });
  });
});

describe('a cell of a CSV the portal writes', () => {
  it('is written so that a spreadsheet shows it as text, never runs it', () => {
    expect(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'].map(spreadsheetSafe)).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Pat Doe', 'SUN-100012', 12, null].map(spreadsheetSafe)).toEqual(['Pat Doe', 'SUN-100012', '12', '']);
  });

  it('keeps every part of a cell from running where a spreadsheet splits it at a semicolon, a comma, a tab or a line break', () => {
    const cells = ['Bob;=1+1', 'a,+2', 'x\t-A1', 'y\n@SUM(A1)', 'z\r\n=1', 'SUN-1=1.00; =HYPERLINK("x")', '\t=1;;-B2'];
    expect(cells.map(spreadsheetSafe)).toEqual(["Bob;'=1+1", "a,'+2", "x\t'-A1", "y\n'@SUM(A1)", "z\r\n'=1", 'SUN-1=1.00; \'=HYPERLINK("x")', "'\t'=1;;'-B2"]);
    expect(cells.map(spreadsheetSafe).flatMap(formulaParts)).toEqual([]);
    expect(cells.flatMap(formulaParts)).toHaveLength(9);
    // What is not a formula stays as it was: hyphens inside words and dates, an equals sign inside a part.
    expect(['2026-03-01', 'A-778899; SUN-100012', 'SUN-1=1.00;SUN-2=2.50'].map(spreadsheetSafe)).toEqual(['2026-03-01', 'A-778899; SUN-100012', 'SUN-1=1.00;SUN-2=2.50']);
  });
});
