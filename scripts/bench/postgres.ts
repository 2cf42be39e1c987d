/** The PostgreSQL the benchmarks measure: DATABASE_URL, or a throwaway cluster of their own. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface BenchPostgres {
  url: string;
  /** Stops and removes a throwaway cluster; does nothing to DATABASE_URL's server. */
  stop: () => void;
}

/**
 * DATABASE_URL when set; else a throwaway cluster through .ci/postgres-cluster.sh (Debian's
 * PostgreSQL, on a Unix socket in a temporary directory); null where PostgreSQL is not installed.
 */
export function benchPostgres(): BenchPostgres | null {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => undefined };
  const script = join(root, '.ci/postgres-cluster.sh');
  const dir = mkdtempSync(join(tmpdir(), 'pbp-bench-pg-'));
  try {
    execFileSync(script, ['init', dir], { stdio: 'ignore' });
    const url = execFileSync(script, ['start', dir], { encoding: 'utf8' }).trim();
    return {
      url,
      stop: () => {
        execFileSync(script, ['stop', dir], { stdio: 'ignore' });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
