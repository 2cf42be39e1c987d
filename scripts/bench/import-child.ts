/**
 * One measured run of the import benchmark, in a process of its own so its peak RSS is its own:
 * `node --import tsx scripts/bench/import-child.ts '<json ImportChildTask>'`. Prints one line of
 * JSON (ImportChildResult) on stdout.
 *
 * - import: the real pipeline from a file path (readCsvStatement + createStatementImport) into
 *   the client's data, over PostgreSQL (`url`) or PGlite (`dataDir`). Every statement the
 *   pipeline sends is noted with the time it started, so the run's time can be split by phase.
 * - copy: the floor. PostgreSQL's own `COPY … FROM STDIN (FORMAT csv, HEADER true)` of the same
 *   file into a bare, unindexed table of the file's columns as text, through psql.
 */
import { spawn } from 'node:child_process';
import { createReadStream, openSync, closeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { clients } from '../../server/db/schema';
import { readCsvStatement } from '../../server/core/statements/csv-statement';
import { statementHeader } from '../../server/core/statements/statement-columns';
import { createStatementImport } from '../../server/core/statements/statement-import';
import { FLOOR_TABLE, type ImportChildResult, type ImportChildTask, type TimedEvent } from './import-task';

async function runImport(task: Extract<ImportChildTask, { mode: 'import' }>): Promise<ImportChildResult> {
  const events: TimedEvent[] = [];
  let start = 0;
  const note = (what: string) => {
    if (start > 0) events.push({ at: performance.now() - start, what });
  };
  const opened = await openDatabase({ ...('url' in task.database ? { databaseUrl: task.database.url } : { dataDir: task.database.dataDir }), onQuery: note });
  try {
    const [client] = await opened.db.select({ id: clients.id }).from(clients).where(eq(clients.code, task.clientCode));
    if (!client) throw new Error(`No client ${task.clientCode} in the database`);
    const maxRssBeforeKb = process.resourceUsage().maxRSS;
    start = performance.now();
    const csv = readCsvStatement(createReadStream(task.file));
    const outcome = await createStatementImport({ db: opened.db, now: () => new Date() }).run({
      clientId: client.id,
      source: 'csv',
      fileName: task.file,
      scope: 'partial',
      dryRun: false,
      apiKeyId: null,
      rows: csv.rows,
      checksum: csv.checksum,
      onProgress: (rows) => note(`staged ${String(rows)}`),
    });
    const ms = performance.now() - start;
    note('end');
    const { status, rowsRead, rowsRefused, accountsCreated, invoicesCreated, message } = outcome;
    return { ms, maxRssBeforeKb, maxRssKb: process.resourceUsage().maxRSS, outcome: { status, rowsRead, rowsRefused, accountsCreated, invoicesCreated, message }, events };
  } finally {
    await opened.close();
  }
}

async function runCopy(task: Extract<ImportChildTask, { mode: 'copy' }>): Promise<ImportChildResult> {
  const client = new pg.Client({ connectionString: task.url });
  await client.connect();
  try {
    await client.query(`create table if not exists ${FLOOR_TABLE} (${statementHeader.map((name) => `${name} text`).join(', ')})`);
    await client.query(`truncate ${FLOOR_TABLE}`);
  } finally {
    await client.end();
  }
  const maxRssBeforeKb = process.resourceUsage().maxRSS;
  const start = performance.now();
  const input = openSync(task.file, 'r');
  try {
    const psql = spawn('psql', [task.url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy ${FLOOR_TABLE} from stdin (format csv, header true)`], {
      stdio: [input, 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((done, fail) => {
      psql.once('error', fail);
      psql.once('exit', done);
    });
    if (code !== 0) throw new Error(`psql's COPY exited with ${String(code)}`);
  } finally {
    closeSync(input);
  }
  return { ms: performance.now() - start, maxRssBeforeKb, maxRssKb: process.resourceUsage().maxRSS };
}

const task = JSON.parse(process.argv[2] ?? '{}') as ImportChildTask;
const result = task.mode === 'copy' ? await runCopy(task) : await runImport(task);
console.log(JSON.stringify(result));
