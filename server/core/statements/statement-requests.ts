/**
 * A statement over HTTP, the same wherever one is taken (the partner API's statements, the
 * console's upload): a CSV body streamed into the import as it arrives, and an import's refused
 * rows as a CSV download.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { statesMoreThan } from '../../http/body';
import { csvDownload } from '../../http/csv-download';
import { ApiError } from '../../http/errors';
import { readCsvStatement } from './csv-statement';
import type { ImportReports } from './import-reports';
import type { ImportOutcome, ImportRequest, StatementImport } from './statement-import';

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
