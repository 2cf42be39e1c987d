/**
 * The CSV reader on its own, fed bytes that are not UTF-8 at every position of a statement, read
 * only once the whole input has gone into it (as the import does: it records the import's row
 * before it reads the first one). Every such file is refused whole as not UTF-8, and no stream's
 * error goes unhandled (Vitest fails a run on an uncaught error: the server process would stop).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvStatement, StatementRefused } from './csv-statement';
import { notUtf8 } from '../../test/fuzz-corpus';
import { statementHeader } from './statement-columns';

const header = statementHeader.join(',');
const row = 'F-2,Fuzz,,,,,,,,,,F-2,2026-02-01,2026-03-01,1,2026-01-30,1,x,1,1.00,0.00,0.00,0.00,1.00,,,,,2026-03-01T00:00:00Z';
const statement = Buffer.from(`${header}\n${row}\n${row.replaceAll('F-2', 'F-3')}\n`);

/** How the reader refuses the bytes: the problem's code, or an error that is not a refusal. */
async function refusal(bytes: Buffer, chunkSize = bytes.length): Promise<string> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, n) => bytes.subarray(n * chunkSize, (n + 1) * chunkSize));
  const input = Readable.from(chunks);
  const csv = readCsvStatement(input);
  // Nothing reads the rows until the input is spent (or stopped), as when the import's row is written first.
  if (!input.closed) await new Promise((resolve) => input.once('close', resolve));
  try {
    let rows = 0;
    for await (const row of csv.rows) if ('raw' in row) rows += 1;
    return `read ${String(rows)} rows`;
  } catch (error) {
    return error instanceof StatementRefused ? error.problem.code : String(error);
  }
}

describe('a CSV statement that is not UTF-8', () => {
  for (const [name, sequence] of Object.entries(notUtf8)) {
    it(`is refused whole, whatever the position of ${name} bytes, in one chunk or many`, async () => {
      const codes = new Set<string>();
      for (let at = 0; at <= statement.length; at += 1) {
        const bytes = Buffer.concat([statement.subarray(0, at), Buffer.from(sequence), statement.subarray(at)]);
        codes.add(await refusal(bytes));
        codes.add(await refusal(bytes, 16));
      }
      expect([...codes]).toEqual(['notUtf8']);
    });
  }
});
