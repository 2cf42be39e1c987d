/**
 * The one way the portal streams a CSV for people to open in a spreadsheet (the console's payments,
 * the audit trail, an import's refused rows): a header, then each row as its source yields it,
 * every cell through the spreadsheet guard (spreadsheet-safe.ts), written as the reader takes it.
 * A source that fails ends the stream with its error, which the answer's body reports.
 */
import { stringify } from 'csv-stringify';
import { spreadsheetSafe } from './spreadsheet-safe';

export type CsvCell = string | number | null | undefined;

export function csvExport(columns: readonly string[], rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>): AsyncIterable<string> {
  const csv = stringify({ header: true, columns: [...columns] });
  const write = async () => {
    for await (const row of rows) {
      if (!csv.write(row.map(spreadsheetSafe))) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
  };
  write().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return csv;
}
