/**
 * Every body has the limit its endpoint declares (`maxBodyBytes`), enforced as it streams, for the
 * callers the patients' access table (access.test.ts) does not send bodies as: the billing office's
 * API keys and the console's staff. A body over the limit is refused with 413: from its stated
 * length without reading it, or once the limit has been read, never the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { maxBodyBytesOf, streamsItsBody, type EndpointDeclaration } from '@contracts/endpoint';
import { apiKeyScopes } from '@contracts/partner-api';
import { clientIdOf, createTestApp, useSeededDatabase } from '../test/harness';
import { countedBody } from '../test/counted-body';
import { signedInStaff, staffClock, SUN_ADMIN, type StaffBrowser } from '../test/console-fixtures';
import { createApiKeysService } from '../core/api-keys/api-keys.service';

const database = useSeededDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: StaffBrowser;
let key = '';

beforeAll(async () => {
  const clock = await staffClock(database.db);
  app = createTestApp(database.db, { now: clock.now });
  admin = await signedInStaff(app, clock.now, SUN_ADMIN, 'SUN');
  ({ key } = await createApiKeysService({ db: database.db, now: clock.now }).create({ clientId: await clientIdOf(database.db, 'SUN'), scopes: [...apiKeyScopes] }));
});

const typeOf = (endpoint: EndpointDeclaration) => (endpoint.imageBody ? 'image/png' : endpoint.csvBody || endpoint.statementBody ? 'text/csv' : 'application/json');

function send(endpoint: EndpointDeclaration, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  const path = `/api${endpoint.path.replace(/\{\w+\}/g, 'P-1')}`;
  const extra = { ...headers, 'Idempotency-Key': `limit-${crypto.randomUUID()}` };
  if ('staffRoles' in (endpoint.access as object)) return admin.upload(path, body, typeOf(endpoint), extra);
  return Promise.resolve(
    app.request(path, { method: 'POST', body, duplex: 'half', headers: { ...extra, Authorization: `Bearer ${key}`, 'Content-Type': typeOf(endpoint) } } as RequestInit),
  );
}

const bodyTaking = apiEndpoints.filter(({ endpoint }) => endpoint.method === 'POST' && endpoint.access !== 'anyone' && ('apiKeyScope' in endpoint.access || 'staffRoles' in endpoint.access));

describe('the body limit of every endpoint a key or staff calls', () => {
  it('is declared with the endpoint: the default for a JSON body, the file’s own for a streamed one', () => {
    expect(bodyTaking.length).toBeGreaterThan(20);
    const limits = Object.fromEntries(bodyTaking.map(({ name, endpoint }) => [name, maxBodyBytesOf(endpoint)]));
    expect(limits).toMatchObject({ postStatement: 256 * 1024 * 1024, uploadStatement: 64 * 1024 * 1024, uploadConsoleLogo: 1024 * 1024 });
    expect(bodyTaking.filter(({ endpoint }) => !streamsItsBody(endpoint) && maxBodyBytesOf(endpoint) > 64 * 1024)).toEqual([]);
  });

  it('refuses a body whose stated length is over the limit, reading nothing of it', async () => {
    const wrong: string[] = [];
    for (const { name, endpoint } of bodyTaking) {
      const limit = maxBodyBytesOf(endpoint);
      const { body, state } = countedBody(limit + 1);
      const response = await send(endpoint, body, { 'Content-Length': String(limit + 1) });
      if (response.status !== 413 || state.pulled > 64 * 1024) wrong.push(`${name}: ${String(response.status)}, ${String(state.pulled)} bytes read`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a JSON body without a stated length once the limit has been read, never the rest', async () => {
    const wrong: string[] = [];
    for (const { name, endpoint } of bodyTaking.filter((each) => !streamsItsBody(each.endpoint))) {
      const { body, state } = countedBody(10 * 1024 * 1024);
      const response = await send(endpoint, body, {});
      if (response.status !== 413 || state.pulled > maxBodyBytesOf(endpoint) + 2 * 64 * 1024) wrong.push(`${name}: ${String(response.status)}, ${String(state.pulled)} bytes read`);
    }
    expect(wrong).toEqual([]);
  });
});
