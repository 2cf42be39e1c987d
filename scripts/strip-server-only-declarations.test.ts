import { transformAsync } from '@babel/core';
import { describe, expect, it } from 'vitest';
import stripServerOnlyDeclarations from './strip-server-only-declarations';

const source = `import { loginRequestSchema } from './session-requests';
const figures = { roles: ['ClientBillingUser'] };
export const login = defineEndpoint({ method: 'POST', path: '/userlogin/Login', summary: 'Signs in', description: 'More', access: figures, json: loginRequestSchema, query: q, headers: h, response: status, slidesSession: false });
export const extend = defineEndpoint({ method: 'GET', path: '/user/ExtendAuthentication', summary: 'Extends', access: 'anyone', response: 'text', changesState: true });
export const other = somethingElse({ summary: 'Kept' });`;

async function strip(filename: string): Promise<string> {
  const result = await transformAsync(source, { filename, plugins: [stripServerOnlyDeclarations], configFile: false, babelrc: false });
  return result?.code ?? '';
}

describe("keeping of an endpoint declaration only what the SPA's calls need", () => {
  it('keeps the method, path, answer and changesState, and removes access, request schemas and texts', async () => {
    const code = await strip('/repo/contracts/session-endpoints.ts');
    expect(code).toContain("export const login = {\n  method: 'POST',\n  path: '/userlogin/Login',\n  response: status\n};");
    expect(code).not.toContain('defineEndpoint');
    expect(code).toContain('changesState: true');
    const declarations = code.slice(0, code.indexOf('export const other'));
    for (const gone of ['summary', 'description', 'access:', 'json:', 'query:', 'headers:', 'slidesSession']) expect(declarations).not.toContain(gone);
    // Nothing uses the request schema any more: the bundler drops its import.
    expect(code.match(/loginRequestSchema/g)).toHaveLength(1);
  });

  it('leaves other calls and other files alone', async () => {
    expect(await strip('/repo/contracts/session-endpoints.ts')).toContain("somethingElse({\n  summary: 'Kept'\n})");
    const elsewhere = await strip('/repo/src/lib/api/endpoints.ts');
    expect(elsewhere).toContain('summary');
    expect(elsewhere).toContain('json: loginRequestSchema');
  });
});
