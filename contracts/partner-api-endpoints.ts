/**
 * The partner API, under /api/office/v1: a client's billing system sends its statements
 * (bills in) and reads each import's report. Every call carries one of the client's API keys
 * (`Authorization: Bearer pbp_…`), which names the client: a key reaches its own client's data only.
 */
import { defineEndpoint } from './endpoint';
import { importIdParamsSchema, MAX_STATEMENT_BYTES, importListSchema, importReportSchema, jsonStatementSchema, statementImportQuerySchema } from './partner-api';

export const postStatement = defineEndpoint({
  method: 'POST',
  path: '/office/v1/statements',
  summary: 'Imports a statement: a CSV file (text/csv) or a JSON statement (application/json)',
  description:
    'The same checks and the same upsert for both (docs/statement-format.md describes the CSV). Each row is checked, and refused alone with its line and reason; ' +
    'an account with a refused row is left as it was, every other account lands at once. Answers 201 with the report; 422 with the report when the file is ' +
    'refused whole (its header, its encoding, its size, or an exact repeat of an imported file), having changed nothing. At most 256 MB (CSV) or 16 MB (JSON).',
  access: { apiKeyScope: 'bills:write' },
  query: statementImportQuerySchema,
  statementBody: jsonStatementSchema,
  maxBodyBytes: MAX_STATEMENT_BYTES,
  response: importReportSchema,
});

export const getImports = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports',
  summary: 'The client’s last 50 imports, newest first, without their problems',
  access: { apiKeyScope: 'bills:write' },
  response: importListSchema,
});

export const getImport = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports/{id}',
  summary: 'An import’s report, with its first 1,000 refused rows',
  description: '404 notFound for an import of another client.',
  access: { apiKeyScope: 'bills:write' },
  params: importIdParamsSchema,
  response: importReportSchema,
});

export const getImportProblems = defineEndpoint({
  method: 'GET',
  path: '/office/v1/imports/{id}/problems.csv',
  summary: 'Every row an import refused, as CSV: line, location, column, code, reason',
  description: 'Cells a spreadsheet would run as a formula are written with a leading apostrophe. 404 notFound for an import of another client.',
  access: { apiKeyScope: 'bills:write' },
  params: importIdParamsSchema,
  response: 'csv',
});

