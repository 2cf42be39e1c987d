/**
 * PGlite keeps its data in a directory that one process at a time may open. The portal and the
 * office command each claim the directory with a file beside it (`<dir>.pid`) holding their
 * process id; a claim held by a live process is refused with a message a person can act on.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Claims the data directory for this process; returns the release. */
export function claimDataDir(dataDir: string, holder: string): () => void {
  const file = `${dataDir.replace(/\/+$/, '')}.pid`;
  let held: number | null;
  try {
    held = Number(readFileSync(file, 'utf8').trim().split(' ')[0]);
  } catch {
    held = null;
  }
  if (held && held !== process.pid && alive(held)) {
    throw new Error(
      `${dataDir} is in use by another process (${String(held)}, ${readFileSync(file, 'utf8').trim().split(' ').slice(1).join(' ') || 'unknown'}). ` +
        'Stop it first, or run both on PostgreSQL (DATABASE_URL).',
    );
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${String(process.pid)} ${holder}\n`);
  return () => rmSync(file, { force: true });
}
