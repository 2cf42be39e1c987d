/** What scripts/bench/import-child.ts is asked to do, and what it answers. */

export type ImportChildTask =
  | { mode: 'import'; file: string; clientCode: string; database: { url: string } | { dataDir: string } }
  | { mode: 'copy'; file: string; url: string };

/** A statement the pipeline sent (or a batch staged), and when, in ms from the run's start. */
export interface TimedEvent {
  at: number;
  what: string;
}

export interface ImportChildResult {
  ms: number;
  /** Peak RSS of the process in KB: before the run (modules loaded, database open) and at its end. */
  maxRssBeforeKb: number;
  maxRssKb: number;
  outcome?: { status: string; rowsRead: number; rowsRefused: number; accountsCreated: number; invoicesCreated: number; message: string | null };
  events?: TimedEvent[];
}

/** The bare table of the floor: the file's 29 columns, as text, no key, no index. */
export const FLOOR_TABLE = 'bench_copy_floor';
