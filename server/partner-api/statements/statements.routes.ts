/**
 * The billing office's statement endpoints (contracts/office-endpoints.ts), called with a client's
 * API key (authenticated by the office module, office.routes.ts): a statement in (CSV streamed, or
 * JSON), and the imports' reports out. The key names the client: nothing here takes a client from
 * the request.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { getImport, getImportProblems, getImports, postStatement } from '@contracts/office-endpoints';
import { MAX_JSON_STATEMENT_BYTES, type ImportReport } from '@contracts/office';
import { apiBase, maxBodyBytesOf } from '@contracts/endpoint';
import { csvDownload } from '../../http/csv-download';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import { readCsvStatement } from '../../core/statements/csv-statement';
import type { ImportReports } from '../../core/statements/import-reports';
import { jsonStatementRows } from '../../core/statements/json-statement';
import type { ImportOutcome, ImportRequest, StatementImport } from '../../core/statements/statement-import';
import { readBodyAtMost, statesMoreThan } from '../../http/body';

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

/** The request's media type, lower-cased, without its parameters. */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether the request says it carries a CSV file. */
export const isCsvRequest = (request: Request) => ['text/csv', 'application/csv'].includes(mediaTypeOf(request));

/** Imports the request's CSV body, streamed, as it arrives; a body that says or proves it is over `maxBytes` is refused (413, or whole as it streams past). */
export async function importCsvBody(
  imports: StatementImport,
  request: Request,
  common: Omit<ImportRequest, 'source' | 'rows' | 'checksum'>,
  maxBytes: number,
): Promise<ImportOutcome> {
  if (statesMoreThan(request, maxBytes)) throw new ApiError(413, 'invalidRequest');
  const body = request.body;
  if (!body) throw new ApiError(400, 'invalidRequest');
  const csv = readCsvStatement(Readable.fromWeb(body as WebReadableStream<Uint8Array>), { maxBytes });
  return imports.run({ ...common, source: 'csv', rows: csv.rows, checksum: csv.checksum });
}

/** Every refused row of the client's import, as a CSV download; 404 when the client has no such import. */
export async function problemsCsvAnswer(c: Context, reports: ImportReports, clientId: number, importId: number): Promise<Response> {
  const csv = await reports.problemsCsv(clientId, importId);
  if (!csv) throw new ApiError(404, 'notFound');
  return csvDownload(c, csv, `import-${String(importId)}-problems.csv`);
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
