/**
 * Every endpoint, fed what an attacker or a broken client sends: bodies that are not JSON, of the
 * wrong type, huge, with control characters in every text, deeply nested; and query strings with
 * the same. The server may refuse (400, 401, 403, 404, 413, 422, 429), never fail (5xx).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients } from '../db/schema';
import { createApiKeysService } from '../modules/office/api-keys.service';
import { statementHeader } from '../modules/statements/statement-columns';
import { DEMO_GUEST, DEMO_PASSWORD, TestBrowser, createTestApp, useSeededDatabase, resetSessions } from '../test/harness';

const texts = ['\u0000', 'a\u0000b', 'SUN-100042\u0000', '\u0007\u001b[2J', '\u202e\ud800', 'x'.repeat(20000), '', ' ', '%00', "'; drop table users; --"];
const wrongTypes: unknown[] = [null, 0, -1, 1e308, true, [], {}, ['a'], { nested: { deeper: 'x' } }];

/** The text fields of every request the API reads, so each gets each bad value. */
const fieldNames = [
  'email', 'password', 'language', 'clientCode', 'billingGroup', 'accountNumber', 'invoiceNumber',
  'cardToken', 'lines', 'billing', 'number', 'cvc', 'expMonth', 'expYear', 'confirmationNumber',
  'firstName', 'lastName', 'company', 'newEmail', 'token',
];
const billingFields = ['payerName', 'addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country', 'email'];

function deeplyNested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** The bodies to send to one POST endpoint. */
function bodies(): (string | object)[] {
  const out: (string | object)[] = ['', 'not json', '{', '{"a":', '\u0000', 'null', '[]', '"text"', deeplyNested(5000), `{"a":${deeplyNested(3000)}}`];
  for (const value of [...texts, ...wrongTypes]) {
    out.push(Object.fromEntries(fieldNames.map((name) => [name, value])));
  }
  const validLooking = {
    email: 'pat.doe@example.com',
    password: DEMO_PASSWORD,
    language: 'en-US',
    clientCode: 'SUN',
    accountNumber: DEMO_GUEST.accountNumber,
    invoiceNumber: DEMO_GUEST.invoiceNumber,
    cardToken: 'tok_aaaaaaaaaaaa',
    number: '4242424242424242',
    cvc: '123',
    expMonth: 12,
    expYear: 2099,
    lines: [{ invoiceNumber: 'SUN-100031', amountCents: 100 }],
    billing: Object.fromEntries(billingFields.map((name) => [name, 'x'])),
  };
  for (const text of texts) {
    for (const name of ['email', 'accountNumber', 'invoiceNumber', 'billingGroup', 'clientCode', 'number', 'cvc', 'cardToken']) {
      out.push({ ...validLooking, [name]: text });
    }
    out.push({ ...validLooking, lines: [{ invoiceNumber: text, amountCents: 100 }] });
    out.push({ ...validLooking, billing: Object.fromEntries(billingFields.map((name) => [name, text])) });
  }
  return out;
}

function queries(): string[] {
  const names = ['clientCode', 'billingGroup', 'confirmationNumber', 'language'];
  const out: string[] = [''];
  for (const text of texts.filter((candidate) => !candidate.includes('\ud800'))) {
    out.push(`?${names.map((name) => `${name}=${encodeURIComponent(text)}`).join('&')}`);
    out.push(`?clientCode=SUN&billingGroup=${encodeURIComponent(text)}`);
    out.push(`?confirmationNumber=${encodeURIComponent(text)}&language=en-US`);
  }
  // Raw escapes: an invalid UTF-8 sequence and a lone surrogate as UTF-8, which encodeURIComponent refuses to write.
  out.push('?clientCode=SUN&clientCode=DLT', '?%ZZ=%ZZ', '?billingGroup=%ED%A0%80', '?confirmationNumber=%FF%FE', `?clientCode=${'A'.repeat(5000)}`);
  return out;
}

describe('fuzzing every endpoint', () => {
  const database = useSeededDatabase();

  it('never answers with a server error', async () => {
    await resetSessions(database.db);
    const app = createTestApp(database.db);
    const routes = [
      ...new Map(
        app.routes
          .filter((route) => route.method !== 'ALL' && !route.path.includes('*') && route.path !== '/')
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(15);

    const anonymous = await new TestBrowser(app).open();
    const user = await new TestBrowser(app).open();
    expect((await user.login('pat.doe@example.com', DEMO_PASSWORD, { clientCode: 'SUN' })).status).toBe(200);
    const guest = await new TestBrowser(app).open();
    expect((await guest.guestLogin(DEMO_GUEST.accountNumber, DEMO_GUEST.invoiceNumber)).status).toBe(200);

    const failures: string[] = [];
    let tried = 0;
    for (const browser of [anonymous, user, guest]) {
      for (const route of routes) {
        // Signing in or out would change who the browser is for the next requests.
        const changesIdentity = /Login|Logout|SignOut/i.test(route.path);
        if (route.method === 'GET') {
          for (const query of queries()) {
            tried++;
            const response = await browser.get(`${route.path}${query}`);
            if (response.status >= 500) failures.push(`${response.status} GET ${route.path}${query.slice(0, 80)}`);
          }
        } else {
          const sender = changesIdentity && browser !== anonymous ? anonymous : browser;
          for (const body of bodies()) {
            tried++;
            const response = await sender.request(route.method, route.path, {
              body,
              headers: { 'Idempotency-Key': 'fuzz-key-00000001' },
            });
            if (response.status >= 500) {
              failures.push(`${response.status} ${route.method} ${route.path} ${JSON.stringify(body).slice(0, 80)}`);
            }
          }
        }
      }
    }
    console.log(`fuzz: ${tried} requests over ${routes.length} endpoints, ${failures.length} server errors`);
    expect(failures.join("\n")).toBe("");
  }, 300000);

  it('never answers the billing office API with a server error, whatever its statements hold', async () => {
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

  it('names the fields it refuses, with the reason, and keeps what it accepts normalised', async () => {
    const browser = await new TestBrowser(createTestApp(database.db)).open();
    const refused = await browser.post('/api/userlogin/Login', { email: 'pat\u0000@example.com', password: '', language: 'en-US' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalidRequest', fields: { email: 'invalidCharacters', password: 'required' } });

    const tooLong = await browser.post('/api/userlogin/GuestLogin', { accountNumber: 'A'.repeat(33), language: 'en-US' });
    expect(await tooLong.json()).toEqual({ error: 'invalidRequest', fields: { accountNumber: 'tooLong', invoiceNumber: 'required' } });

    // Spaces around the numbers, as pasted from a statement, are not part of them.
    const pasted = await browser.guestLogin(` ${DEMO_GUEST.accountNumber} `, `${DEMO_GUEST.invoiceNumber}\u00a0`);
    expect(pasted.status).toBe(200);
  });
});
