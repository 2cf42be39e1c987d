/**
 * The browser run's record for `npm run model:coverage`: what the model paths that passed in the
 * browser covered, per machine, merged from what each passing path left (browser-paths.ts).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserRecordPath, kinds, type Kind, type Record as BrowserRecord } from '../../../scripts/model/coverage';

/** Where each passing path leaves what it covered, until the run ends. */
export const browserRecordParts = join('test-results', 'model-paths-parts');

type Part = { machine: string } & Partial<Record<Kind, string[]>>;

/** Merges the passing paths' parts into the record (when any model path ran), and removes the parts. */
export function writeBrowserRecord(): string | null {
  if (!existsSync(browserRecordParts)) return null;
  const record: BrowserRecord = {};
  for (const machine of readdirSync(browserRecordParts)) {
    const merged: Record<Kind, Set<string>> = { states: new Set(), transitions: new Set(), guards: new Set(), requirements: new Set() };
    for (const file of readdirSync(join(browserRecordParts, machine))) {
      const part = JSON.parse(readFileSync(join(browserRecordParts, machine, file), 'utf8')) as Part;
      for (const kind of kinds) for (const key of part[kind] ?? []) merged[kind].add(key);
    }
    record[machine] = Object.fromEntries(kinds.map((kind) => [kind, [...merged[kind]].sort()]));
  }
  writeFileSync(browserRecordPath, `${JSON.stringify(record, null, 2)}\n`);
  rmSync(browserRecordParts, { recursive: true, force: true });
  return browserRecordPath;
}
