/**
 * The partner API's statement endpoints (contracts/partner-api-endpoints.ts), called with a client's
 * API key (authenticated by partner-api.routes.ts): a statement in (CSV streamed, or
 * JSON), and the imports' reports out. The key names the client: nothing here takes a client from
 * the request.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { getImport, getImportProblems, getImports, postStatement } from '@contracts/partner-api-endpoints';
import { MAX_JSON_STATEMENT_BYTES, type ImportReport } from '@contracts/partner-api';
import { apiBase, maxBodyBytesOf } from '@contracts/endpoint';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { ImportReports } from '../../core/statements/import-reports';
import { jsonStatementRows } from '../../core/statements/json-statement';
import type { ImportOutcome, StatementImport } from '../../core/statements/statement-import';
import { importCsvBody, isCsvRequest, mediaTypeOf, problemsCsvAnswer } from '../../core/statements/statement-requests';
import { readBodyAtMost } from '../../http/body';

export interface StatementsRoutesDeps {
  imports: StatementImport;
  reports: ImportReports;
}

/** Reads a JSON body of at most `limit` bytes. */
async function jsonBody(request: Request, limit: number): Promise<{ text: string; value: unknown }> {
  const bytes = await readBodyAtMost(request, limit);
  if (!bytes) throw new ApiError(413, 'invalidRequest');
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError(400, 'invalidRequest');
  }
}

export function createStatementsRoutes({ imports, reports }: StatementsRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  route(routes, postStatement, async (c, { query }) => {
    const { clientId, apiKeyId } = c.var.apiKey;
    const common = { clientId, apiKeyId, fileName: query.fileName, scope: query.scope, dryRun: query.dryRun === 'true' };
    let outcome: ImportOutcome;
    if (isCsvRequest(c.req.raw)) {
      outcome = await importCsvBody(imports, c.req.raw, common, maxBodyBytesOf(postStatement));
    } else if (mediaTypeOf(c.req.raw) === 'application/json') {
      const { text, value } = await jsonBody(c.req.raw, MAX_JSON_STATEMENT_BYTES);
      const checksum = createHash('sha256').update(text).digest('hex');
      // A body that is not a statement at all is refused whole as the import starts to read it.
      outcome = await imports.run({ ...common, source: 'json', rows: jsonStatementRows(value), checksum: () => checksum });
    } else {
      return c.json({ error: 'invalidRequest' }, 415);
    }
    const report = await reports.report(clientId, outcome.id);
    if (!report) throw new Error(`Import ${String(outcome.id)} has no report`);
    c.header('Location', `${apiBase}${getImport.path.replace('{id}', String(outcome.id))}`);
    return c.json(report satisfies ImportReport, outcome.status === 'imported' ? 201 : 422);
  });

  route(routes, getImports, async (c) => c.json({ imports: await reports.list(c.var.apiKey.clientId) }));

  route(routes, getImport, async (c, { params }) => {
    const report = await reports.report(c.var.apiKey.clientId, params.id);
    if (!report) throw new ApiError(404, 'notFound');
    return c.json(report);
  });

  route(routes, getImportProblems, (c, { params }) => problemsCsvAnswer(c, reports, c.var.apiKey.clientId, params.id));

  return routes;
}
