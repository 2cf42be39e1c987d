/**
 * The partner API fed what a broken billing system or an attacker sends with a valid key:
 * JSON statements with every wrong value in every field, CSV files malformed every way, ids and
 * queries of every kind. It may refuse (400, 404, 413, 415, 422), never fail (5xx).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { bodies, queries, texts, wrongTypes } from '../../test/fuzz-corpus';
import { createTestApp, useSeededDatabase } from '../../test/harness';
import { createApiKeysService } from '../../core/api-keys/api-keys.service';
import { statementHeader } from '../../core/statements/statement-columns';

describe('fuzzing the partner API', () => {
  const database = useSeededDatabase();

  it('never answers the partner API with a server error, whatever its statements hold', async () => {
    const app = createTestApp(database.db);
    const [sun] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'SUN'));
    const { key } = await createApiKeysService({ db: database.db, now: () => new Date() }).create({ clientId: sun?.id ?? 0, scopes: ['bills:write'] });
    const send = (method: string, path: string, body?: string, type = 'application/json') =>
      app.request(path, { method, headers: { Authorization: `Bearer ${key}`, 'Content-Type': type }, ...(body === undefined ? {} : { body }) });

    const line = { lineNumber: 1, serviceDate: '2026-01-30', procedureCode: '1', description: 'x', units: 1, chargeCents: 100, insurancePaidCents: 0, adjustmentsCents: 0, patientPaidCents: 0, balanceCents: 100 };
    const invoice = { invoiceNumber: 'F-1', invoiceDate: '2026-02-01', dueDate: '2026-03-01', lines: [line] };
    const account = { accountNumber: 'F-1', guarantor: { name: 'Fuzz' }, invoices: [invoice] };
    const jsonBodies: string[] = [...bodies().map((body) => (typeof body === 'string' ? body : JSON.stringify(body)))];
    for (const value of [...texts, ...wrongTypes]) {
      jsonBodies.push(JSON.stringify({ producedAt: value, accounts: [account] }));
      jsonBodies.push(JSON.stringify({ producedAt: '2026-03-01T00:00:00Z', accounts: [{ ...account, accountNumber: value, guarantor: value }] }));
      jsonBodies.push(JSON.stringify({ producedAt: '2026-03-01T00:00:00Z', accounts: [{ ...account, invoices: [{ ...invoice, invoiceNumber: value, patient: value, lines: value }] }] }));
      for (const field of Object.keys(line)) {
        jsonBodies.push(JSON.stringify({ producedAt: '2026-03-01T00:00:00Z', accounts: [{ ...account, invoices: [{ ...invoice, lines: [{ ...line, [field]: value }] }] }] }));
      }
    }
    const header = statementHeader.join(',');
    const csvRow = 'F-2,Fuzz,,,,,,,,,,F-2,2026-02-01,2026-03-01,1,2026-01-30,1,x,1,1.00,0.00,0.00,0.00,1.00,,,,,2026-03-01T00:00:00Z';
    const csvBodies: string[] = ['', '\u0000', header, `${header}\n"`, `${header}\n${csvRow}\n"x`, `${header}\n${csvRow.replace('1.00', '1,00')}`, `${header}\n${'a,'.repeat(5000)}`];
    for (const text of texts) csvBodies.push(`${header}\n${csvRow.split(',').map((cell, index) => (index % 3 === 0 ? JSON.stringify(text) : cell)).join(',')}`);

    const failures: string[] = [];
    for (const body of jsonBodies) {
      const response = await send('POST', '/api/office/v1/statements', body);
      if (response.status >= 500) failures.push(`${String(response.status)} JSON ${body.slice(0, 80)}`);
    }
    for (const body of csvBodies) {
      const response = await send('POST', '/api/office/v1/statements?scope=full&dryRun=true', body, 'text/csv');
      if (response.status >= 500) failures.push(`${String(response.status)} CSV ${body.slice(0, 80)}`);
    }
    for (const id of ['0', '-1', '99999999999', 'abc', '%00', '1e3', encodeURIComponent('\u202e')]) {
      for (const path of [`/api/office/v1/imports/${id}`, `/api/office/v1/imports/${id}/problems.csv`]) {
        const response = await send('GET', path);
        if (response.status >= 500) failures.push(`${String(response.status)} GET ${path}`);
      }
    }
    for (const query of queries()) {
      const response = await send('POST', `/api/office/v1/statements${query}&scope=${encodeURIComponent(query)}`, JSON.stringify({ producedAt: '2026-03-01T00:00:00Z', accounts: [account] }));
      if (response.status >= 500) failures.push(`${String(response.status)} POST statements${query.slice(0, 60)}`);
    }
    expect(failures.join('\n')).toBe('');
  }, 300000);

});
