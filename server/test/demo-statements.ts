/** The demo statement files' rows, read for tests (the seed loads them through the import). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { demoStatementFiles, demoStatementsFolder } from '../seed/demo-data';

export interface DemoStatementRow {
  clientCode: string;
  accountNumber: string;
  invoiceNumber: string;
}

export const demoStatementRows: readonly DemoStatementRow[] = demoStatementFiles.flatMap(({ clientCode, file }) =>
  parse<Record<string, string>>(readFileSync(join(demoStatementsFolder, file)), { columns: true, bom: true }).map((row) => ({
    clientCode,
    accountNumber: row.account_number ?? '',
    invoiceNumber: row.invoice_number ?? '',
  })),
);
