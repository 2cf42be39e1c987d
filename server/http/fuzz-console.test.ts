/**
 * The console's and the partner API's endpoints, fed what an attacker or a broken client
 * sends (as fuzz.test.ts feeds every endpoint) by staff of every role and by API keys of every
 * scope, with days that do not exist and numbers no column holds in every query and path
 * parameter. The server may refuse, never fail (5xx).
 */
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { apiBase, type EndpointDeclaration } from '@contracts/endpoint';
import { apiKeyScopes, type ApiKeyScope } from '@contracts/partner-api';
import { createApiKeysService } from '../core/api-keys/api-keys.service';
import { signedInStaff, staffClock, SUN_ADMIN, SUN_AUDITOR, SUN_CLERK } from '../test/console-fixtures';
import { badPathValues, bodies, impossibleValues, queries, texts } from '../test/fuzz-corpus';
import { TestBrowser, clientIdOf, createTestApp, useSeededDatabase } from '../test/harness';
import { parameterNames } from './validation';

/** A well-formed value of each path parameter of the console and the partner API, naming nothing that exists. */
const wellFormedParams: Readonly<Record<string, string>> = {
  accountNumber: 'ZZ-FUZZ-0',
  userId: '999999999',
  id: '999999999',
  confirmationNumber: 'P-AAAAAAAAAA',
  prefix: 'pbp_0000000000',
  eventId: `evt_${'a'.repeat(26)}`,
};

/** A value each query parameter takes, so that one bad parameter among good ones is what is refused. */
const goodQueryValues: Readonly<Record<string, string>> = {
  q: 'A-100200',
  from: '2026-03-01',
  to: '2026-03-31',
  date: '2026-03-02',
  account: 'A-100200',
  amountCents: '100',
  last4: '4242',
  page: '1',
  language: 'en-US',
  status: 'failed',
  scope: 'partial',
  dryRun: 'true',
  fileName: 'fuzz.csv',
};

function valueOf(values: Readonly<Record<string, string>>, name: string, path: string): string {
  const value = values[name];
  if (value === undefined) throw new Error(`${path} takes ${name}: give it a value in fuzz-console.test.ts`);
  return value;
}

/** The endpoint's path under /api with its parameters filled in (`overrides` as they are, the rest well-formed). */
function urlOf(endpoint: EndpointDeclaration, overrides: Readonly<Record<string, string>> = {}): string {
  return apiBase + endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? encodeURIComponent(valueOf(wellFormedParams, name, endpoint.path)));
}

/** The query's good values, with `name` set to `value` (encoded). */
function queryWith(endpoint: EndpointDeclaration, names: readonly string[], changes: Readonly<Record<string, string>>): string {
  return `?${names.map((name) => `${name}=${encodeURIComponent(changes[name] ?? valueOf(goodQueryValues, name, endpoint.path))}`).join('&')}`;
}

/** Every request that fuzzes one endpoint's query and path parameters: each parameter with each bad value, the others good. */
function parameterFuzz(endpoint: EndpointDeclaration): string[] {
  const names = endpoint.query ? parameterNames(endpoint.query) : [];
  const badValues = [...impossibleValues, ...texts.filter((text) => !text.includes('\ud800'))];
  const urls: string[] = [];
  for (const name of names) {
    for (const value of badValues) urls.push(urlOf(endpoint) + queryWith(endpoint, names, { [name]: value }));
  }
  if (names.length > 0) {
    for (const value of impossibleValues) urls.push(urlOf(endpoint) + queryWith(endpoint, names, Object.fromEntries(names.map((name) => [name, value]))));
  }
  for (const name of endpoint.params ? parameterNames(endpoint.params) : []) {
    // Already percent-encoded where they must be (%00, %ZZ): sent as written.
    for (const value of badPathValues) urls.push(urlOf(endpoint, { [name]: value }) + (names.length > 0 ? queryWith(endpoint, names, {}) : ''));
  }
  return urls;
}

describe('fuzzing the console and the partner API', () => {
  const database = useSeededDatabase();

  it('never answers staff of any role or an API key of any scope with a server error, whatever its queries and paths name', async () => {
    const clock = await staffClock(database.db);
    const app = createTestApp(database.db, { now: clock.now });
    const sun = await clientIdOf(database.db, 'SUN');
    const keys = createApiKeysService({ db: database.db, now: clock.now });
    const scopeSets: ApiKeyScope[][] = [[...apiKeyScopes], ...apiKeyScopes.map((scope) => [scope])];

    /** Each caller and what it reaches: the widest first (it also gets every body), the narrower ones the parameters. */
    const callers: { name: string; browser: TestBrowser; headers: Record<string, string>; reaches: (endpoint: EndpointDeclaration) => boolean; widest: boolean }[] = [];
    const isConsole = (endpoint: EndpointDeclaration) => typeof endpoint.access === 'object' && 'staffRoles' in endpoint.access;
    const isPartnerApi = (endpoint: EndpointDeclaration) => typeof endpoint.access === 'object' && 'apiKeyScope' in endpoint.access;
    for (const [index, email] of [SUN_ADMIN, SUN_CLERK, SUN_AUDITOR].entries()) {
      callers.push({ name: email, browser: await signedInStaff(app, clock.now, email, 'SUN', `192.0.2.${String(80 + index)}`), headers: {}, reaches: isConsole, widest: index === 0 });
    }
    for (const [index, scopes] of scopeSets.entries()) {
      const { key } = await keys.create({ clientId: sun, scopes, name: `fuzz ${scopes.join(' ')}` });
      callers.push({ name: `key ${scopes.join(' ')}`, browser: new TestBrowser(app, `192.0.2.${String(90 + index)}`), headers: { Authorization: `Bearer ${key}` }, reaches: isPartnerApi, widest: index === 0 });
    }
    const endpoints = apiEndpoints.map(({ endpoint }) => endpoint).filter((endpoint) => isConsole(endpoint) || isPartnerApi(endpoint));
    expect(endpoints.filter(isConsole).length).toBeGreaterThan(30);
    expect(endpoints.filter(isPartnerApi).length).toBeGreaterThan(10);

    const failures: string[] = [];
    /** Who got which answers: each must have stayed who it is (never 401) and got past its access check somewhere; the widest, refused by the schemas (400). */
    const answers = new Map<string, Set<number>>();
    let tried = 0;
    const send = async (caller: (typeof callers)[number], method: string, url: string, body?: unknown) => {
      tried++;
      const headers = { ...caller.headers, 'Idempotency-Key': 'fuzz-key-00000001' };
      const response = await caller.browser.request(method, url, { headers, ...(body === undefined ? {} : { body }) });
      answers.set(caller.name, (answers.get(caller.name) ?? new Set()).add(response.status));
      if (response.status >= 500) failures.push(`${String(response.status)} ${caller.name} ${method} ${url.slice(0, 120)} ${JSON.stringify(body ?? '').slice(0, 60)}`);
    };
    for (const caller of callers) {
      for (const endpoint of endpoints.filter(caller.reaches)) {
        const { method } = endpoint;
        // Only the statement upload and import take a query among the POSTs: an empty body with it is refused whole, changing nothing.
        for (const url of parameterFuzz(endpoint)) await send(caller, method, url, method === 'POST' ? '' : undefined);
        if (!caller.widest) continue;
        if (method === 'GET') {
          for (const query of queries()) await send(caller, method, urlOf(endpoint) + query);
        } else if (endpoint.json) {
          for (const body of bodies()) await send(caller, method, urlOf(endpoint), body);
        }
      }
    }
    console.log(`fuzz (staff and keys): ${String(tried)} requests over ${String(endpoints.length)} endpoints, ${String(failures.length)} server errors`);
    expect(failures.join('\n')).toBe('');
    for (const caller of callers) {
      const statuses = [...(answers.get(caller.name) ?? [])];
      expect([caller.name, statuses.includes(401), statuses.some((status) => status !== 403)]).toEqual([caller.name, false, true]);
      if (caller.widest) expect([caller.name, statuses.includes(400)]).toEqual([caller.name, true]);
    }
  }, 300000);
});
