import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository's root: the tooling runs from there (npm scripts do). */
export const root = process.cwd();

/**
 * Writes generated files under the repository's root, each only when its text changed, and
 * prints what it wrote, so a second run leaves `git status` clean and says so.
 */
export function writeFiles(files: ReadonlyMap<string, string>): void {
  let changed = 0;
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const full = join(root, path);
    const same = existsSync(full) && readFileSync(full, 'utf8') === text;
    if (!same) {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      changed++;
    }
    console.log(`${same ? 'unchanged' : 'wrote    '} ${path}`);
  }
  console.log(`${String(files.size)} files, ${String(changed)} changed`);
}

/** The generated files that differ from what is committed (or are missing), for the staleness tests. */
export function staleFiles(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([path, text]) => {
      const full = join(root, path);
      return !existsSync(full) || readFileSync(full, 'utf8') !== text;
    })
    .map(([path]) => path);
}
