/**
 * Reads a CSV statement file as it streams, never whole: checks that it is UTF-8 (a BOM is
 * allowed), that it is not too large, and that its header names the statement's columns, then
 * yields each row with its line number. A file that fails those checks is refused whole
 * (`StatementRefused`); a ragged or malformed row is yielded as such, to be refused alone.
 */
import { createHash } from 'node:crypto';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { MAX_STATEMENT_BYTES } from '@contracts/partner-api';
import { statementColumns, type StatementColumnName } from './statement-columns';
import type { ImportProblem, ImportProblemCode, RawRow, RowPlace } from './statement-row';


/** A file refused whole, before anything of it is written: the one problem says why. */
export class StatementRefused extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.reason);
    this.name = 'StatementRefused';
  }
}

export const fileProblem = (code: ImportProblemCode, reason: string, line: number | null = null): ImportProblem => ({
  line,
  location: '',
  column: '',
  code,
  reason,
});

const quoteNotClosed = (line: number | null) =>
  new StatementRefused(fileProblem('unclosedQuote', 'a quoted value is never closed: the file ends inside quotes; check the quotes before the end of the file', line));

/** A row of the file: its columns, or why it cannot be read as one. */
export type StatementInputRow = { place: RowPlace; raw: RawRow } | { place: RowPlace; unreadable: { code: ImportProblemCode; reason: string; accountNumber: string | null } };

/** Bytes in, UTF-8 text out; counts, hashes and limits what passes. */
class Utf8Gate extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  lines = 1;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  constructor(private readonly maxBytes: number) {
    super({ readableObjectMode: false });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new StatementRefused(fileProblem('tooLarge', `the file is larger than ${String(Math.round(this.maxBytes / 1024 / 1024))} MB; split it into smaller files`)));
      return;
    }
    this.hash.update(chunk);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      done(new StatementRefused(fileProblem('notUtf8', `the file is not UTF-8 text (a byte near line ${String(this.lines)} is not); save it as UTF-8 and send it again`, this.lines)));
      return;
    }
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lines += 1;
    done(null, text);
  }

  override _flush(done: TransformCallback): void {
    try {
      done(null, this.decoder.decode());
    } catch {
      done(new StatementRefused(fileProblem('notUtf8', 'the file is not UTF-8 text (it ends inside a character); save it as UTF-8 and send it again', this.lines)));
    }
  }
}

const knownColumns = new Set<string>(statementColumns.map((column) => column.name));

/** Checks the header; returns each column's position. */
function readHeader(header: string[]): Map<StatementColumnName, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  if (names.length === 1 && /[;\t|]/.test(names[0] ?? '')) {
    const delimiter = (names[0] ?? '').includes(';') ? 'semicolons' : (names[0] ?? '').includes('\t') ? 'tabs' : 'bars';
    throw new StatementRefused(fileProblem('wrongDelimiter', `the header's columns are separated by ${delimiter}; separate them with commas`, 1));
  }
  const positions = new Map<StatementColumnName, number>();
  const unknown: string[] = [];
  names.forEach((name, index) => {
    if (!knownColumns.has(name)) unknown.push(name === '' ? `(empty, column ${String(index + 1)})` : name);
    else if (positions.has(name)) throw new StatementRefused(fileProblem('wrongHeader', `the header names ${name} twice`, 1));
    else positions.set(name, index);
  });
  const missing = statementColumns.filter((column) => !positions.has(column.name)).map((column) => column.name);
  if (unknown.length > 0 || missing.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`it lacks ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`it has columns the format does not know: ${unknown.join(', ')}`] : []),
    ];
    throw new StatementRefused(fileProblem('wrongHeader', `the header is not the statement format's: ${parts.join('; ')}`, 1));
  }
  return positions;
}

export interface CsvStatement {
  rows: AsyncGenerator<StatementInputRow>;
  /** SHA-256 (hex) of the bytes read; complete once `rows` has ended. */
  checksum: () => string;
}

/** Reads a CSV statement from a byte stream. */
export function readCsvStatement(input: Readable, { maxBytes = MAX_STATEMENT_BYTES }: { maxBytes?: number } = {}): CsvStatement {
  const gate = new Utf8Gate(maxBytes);
  const skipped: StatementInputRow[] = [];
  // A quote never closed swallows the rest of the file into one value: the file is refused whole.
  let unclosedQuoteAt: number | null | undefined;
  let lastSkippedLine: number | null = null;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (!error) return;
      const line = typeof error.lines === 'number' ? error.lines : null;
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
        unclosedQuoteAt = line;
        return;
      }
      // One bad line can raise more than one error: it is one refused row.
      if (line !== null && (skipped.at(-1)?.place.line === line || line === lastSkippedLine)) return;
      lastSkippedLine = line;
      skipped.push({ place: { line, location: '' }, unreadable: { code: 'malformedRow', reason: `the line cannot be read as CSV (${error.message})`, accountNumber: null } });
    },
  });
  // One pipeline: an error in any of the three streams (a byte that is not UTF-8, the client
  // hanging up, the parser) destroys all three and waits, as the parser's error, for whoever
  // reads the rows, however late that is. Nothing is left without a listener to stop the process.
  pipeline(input, gate, parser, () => undefined);

  async function* rows(): AsyncGenerator<StatementInputRow> {
    let positions: Map<StatementColumnName, number> | null = null;
    let sawRow = false;
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield* skipped.splice(0);
        if (!positions) {
          positions = readHeader(record);
          continue;
        }
        sawRow = true;
        const place: RowPlace = { line: info.lines, location: '' };
        const accountAt = positions.get('account_number') ?? 0;
        if (record.length !== positions.size) {
          const accountNumber = record[accountAt]?.trim().toUpperCase() || null;
          yield { place, unreadable: { code: 'raggedRow', reason: `the line has ${String(record.length)} columns; the header has ${String(positions.size)}`, accountNumber } };
          continue;
        }
        const raw: RawRow = {};
        for (const [name, index] of positions) raw[name] = record[index] ?? '';
        yield { place, raw };
      }
      yield* skipped.splice(0);
      if (unclosedQuoteAt !== undefined) throw quoteNotClosed(unclosedQuoteAt);
    } catch (error) {
      if (error instanceof StatementRefused) throw error;
      const csvError = error as Partial<CsvError>;
      if (csvError.code === 'CSV_QUOTE_NOT_CLOSED') throw quoteNotClosed(typeof csvError.lines === 'number' ? csvError.lines : null);
      throw error;
    }
    if (!positions) throw new StatementRefused(fileProblem('empty', 'the file is empty: it has no header and no rows'));
    if (!sawRow) throw new StatementRefused(fileProblem('empty', 'the file has a header but no rows'));
  }

  return { rows: rows(), checksum: () => gate.hash.digest('hex') };
}
