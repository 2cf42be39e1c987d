/**
 * `npm run bench:api`: the API's hot path under load, as a ratio to a bare Hono route measured in
 * the same run (these machines are shared and noisy, so only ratios compare across runs).
 * Starts, each in its own process: the bare route, the portal over PGlite, and the portal over
 * PostgreSQL (DATABASE_URL, or a throwaway cluster when Debian's PostgreSQL is installed). Then, with
 * autocannon (20 connections), as a signed-in user: the session check (GetIsUserLoggedIn), the
 * expiry poll (GetShouldDisplayAuthenticationMessage) and the account summary (GetAccountInformation).
 *
 * Each measurement follows 2 s of unmeasured load (warming the JIT up).
 *
 * Options (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchPostgres } from './bench/postgres';
import { runBenchmark, signIn, startProcess } from './bench/processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const cleanups: (() => void)[] = [];

interface Measure {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

/** Unmeasured load before each measurement, so the JIT has compiled the path being measured. */
const WARM_UP_SECONDS = 2;

async function load(url: string, cookie?: string): Promise<Measure> {
  const options = { url, connections, headers: cookie ? { Cookie: cookie } : {} };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

const endpoints = [
  ['session check', '/api/User/GetIsUserLoggedIn'],
  ['expiry poll', '/api/user/GetShouldDisplayAuthenticationMessage'],
  ['account summary', '/api/OnlinePayment/GetAccountInformation'],
] as const;

async function main(): Promise<void> {
  const rows: string[][] = [];
  const bareUrl = await startProcess(['scripts/bench/bare-server.ts'], {});
  const bare = await load(`${bareUrl}/bare`);
  rows.push(['bare Hono route', '/bare', bare.requestsPerSecond.toFixed(0), String(bare.p99), '1.000', String(bare.errors)]);

  const pgliteDir = mkdtempSync(join(tmpdir(), 'pbp-bench-pglite-'));
  cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));
  const postgres = benchPostgres();
  if (postgres) cleanups.push(postgres.stop);
  const portals: [string, Record<string, string>][] = [['PGlite', { DATA_DIR: pgliteDir }]];
  if (postgres) portals.push(['PostgreSQL', { DATABASE_URL: postgres.url }]);
  else console.warn('PostgreSQL is not installed here: measuring PGlite only.');

  for (const [name, env] of portals) {
    const base = await startProcess(['server/main.ts'], { ...env, PORT: '0', DIST_DIR: join(tmpdir(), 'no-dist') });
    const cookie = await signIn(base);
    for (const [label, path] of endpoints) {
      const measure = await load(`${base}${path}`, cookie);
      rows.push([
        `${label} (${name})`,
        path,
        measure.requestsPerSecond.toFixed(0),
        String(measure.p99),
        (measure.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
        String(measure.errors),
      ]);
    }
  }

  const header = ['what', 'path', 'req/s', 'p99 ms', 'ratio to bare', 'errors'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${String(connections)} connections, ${String(seconds)} s each\n`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

await runBenchmark(main, cleanups);
