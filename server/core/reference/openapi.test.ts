import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { apiBase } from '@contracts/endpoint';
import { createTestApp, useSeededDatabase } from '../../test/harness';
import { declarationOf, declarationsTheSpaUses } from '../../test/spa-endpoints';

const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('the OpenAPI document', () => {
  const database = useSeededDatabase();

  async function served() {
    const response = await createTestApp(database.db).request(`${apiBase}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    return (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
  }

  it('is served at /api/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const document = await served();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('passes another language’s JSON Schema validator: every schema by the 2020-12 meta-schema, every pattern a regular expression Python compiles', async () => {
    const document = JSON.stringify(await served());
    // Debian's python3-jsonschema (README: set-up); /usr/bin/python3 is the Python it installs into.
    const checked = spawnSync('/usr/bin/python3', [fileURLToPath(new URL('./check-schemas.py', import.meta.url))], { input: document, encoding: 'utf8' });
    expect(checked.error).toBeUndefined();
    expect(checked.stderr).toMatch(/checked \d{3,} schemas/);
    expect(checked.stdout.split('\n').filter(Boolean)).toEqual([]);
    expect(checked.status).toBe(0);
  });

  it('lists every endpoint the SPA calls, with the method and path of its declaration', async () => {
    const document = await served();
    const used = declarationsTheSpaUses();
    // A sanity floor: the sign-in, the payment, the documents' PDFs are among them.
    expect(used.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { module, name, file } of used) {
      const declaration = await declarationOf(module, name);
      if (!declaration) {
        missing.push(`${file}: ${module}.${name} is not an endpoint declaration`);
        continue;
      }
      const operation = document.paths[declaration.path]?.[declaration.method.toLowerCase()];
      if (operation?.operationId !== name) missing.push(`${file}: ${declaration.method} ${declaration.path} (${name})`);
    }
    expect(missing).toEqual([]);
  });

  it('lists every declared endpoint once, and the app serves each of them and nothing undeclared under /api', async () => {
    const document = await served();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const declared = apiEndpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(operations.sort()).toEqual([...declared].sort());
    expect(new Set(apiEndpoints.map(({ name }) => name)).size).toBe(apiEndpoints.length);

    const app = createTestApp(database.db);
    const mounted = [
      ...new Set(app.routes.filter((route) => route.path.startsWith(`${apiBase}/`) && !route.path.includes('*')).map((route) => `${route.method} ${route.path}`)),
    ];
    // Hono mounts a path parameter `{id}` as `:id`.
    expect(mounted.sort()).toEqual(declared.map((route) => route.replace(' ', ` ${apiBase}`).replace(/\{(\w+)\}/g, ':$1')).sort());
  });

  it('gives every endpoint of the billing office’s payments out an example that fits its own schemas, in the document', async () => {
    const document = (await served()) as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>> };
    const office = apiEndpoints.filter(({ tag }) => tag === 'Partner API: payments out');
    expect(office.length).toBeGreaterThanOrEqual(9);
    for (const { name, endpoint } of office) {
      const { examples } = endpoint;
      expect(examples?.response, name).toBeDefined();
      if (typeof endpoint.response === 'object') expect(v.safeParse(endpoint.response, examples?.response).issues, name).toBeUndefined();
      if (endpoint.json) expect(v.safeParse(endpoint.json, examples?.request).issues, name).toBeUndefined();
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      const status = String(endpoint.successStatus ?? 200);
      const media = endpoint.response === 'csv' ? 'text/csv' : 'application/json';
      expect(operation?.responses[status]?.content?.[media]?.example, name).toEqual(examples?.response);
      if (endpoint.json) expect(operation?.requestBody?.content['application/json']?.example, name).toEqual(examples?.request);
    }
  });
});

describe('the API reference page', () => {
  const database = useSeededDatabase();

  it('reads the document, in development, for a browser on the same machine, under a policy of its own', async () => {
    const response = await createTestApp(database.db).request('/dev/api-reference', {}, fromAddress('127.0.0.1'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`${apiBase}/openapi.json`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce ?? ''}"`);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('does not exist in production, nor for another machine', async () => {
    const production = await createTestApp(database.db, { developmentPages: false }).request('/dev/api-reference', {}, fromAddress('127.0.0.1'));
    expect(production.status).toBe(404);
    const elsewhere = await createTestApp(database.db).request('/dev/api-reference', {}, fromAddress('10.0.0.1'));
    expect(elsewhere.status).toBe(404);
    // The document itself is public: partners read it.
    expect((await createTestApp(database.db, { developmentPages: false }).request(`${apiBase}/openapi.json`)).status).toBe(200);
  });
});
