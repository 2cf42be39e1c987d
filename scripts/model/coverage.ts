/**
 * The coverage report: per machine, the states, transitions, guard outcomes and requirements the
 * generated paths cover, and, when a browser run left its record, what that run covered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineModel } from '../../tests/model/harness';
import { allGuardOutcomeKeys, allRequirementIds, allStateIds, allTransitionKeys, Coverage } from '../../tests/model/harness';
import { explore } from '../../tests/model/paths';

/** The kinds of things a run covers. */
export const kinds = ['states', 'transitions', 'guards', 'requirements'] as const;
export type Kind = (typeof kinds)[number];

/**
 * Where a browser run of the model paths records what it covered (override with
 * `MODEL_BROWSER_RECORD`): `{ "<machine>": { "states": [ids], "transitions": [keys], "guards":
 * [keys], "requirements": [ids] } }`, with the keys the Node run uses.
 */
export const browserRecordPath = process.env.MODEL_BROWSER_RECORD ?? 'test-results/model-paths-browser.json';

export type Record = Partial<globalThis.Record<string, Partial<globalThis.Record<Kind, string[]>>>>;

/** How much of one kind was covered. */
export interface Share {
  hit: number;
  all: number;
  missed: string[];
}

export interface MachineCoverage {
  machine: string;
  /** How many paths were generated. */
  paths: number;
  /** The requirement ids the generated paths reach. */
  reached: string[];
  model: globalThis.Record<Kind, Share>;
  /** Null when no browser run left a record for this machine. */
  browser: globalThis.Record<Kind, Share> | null;
}

function everything(model: AnyMachineModel): globalThis.Record<Kind, Set<string>> {
  return {
    states: allStateIds(model.machine),
    transitions: allTransitionKeys(model.machine),
    guards: allGuardOutcomeKeys(model.machine),
    requirements: allRequirementIds(model.machine),
  };
}

function share(all: Set<string>, hit: Iterable<string>): Share {
  const seen = new Set(hit);
  const missed = [...all].filter((key) => !seen.has(key)).sort();
  return { hit: all.size - missed.length, all: all.size, missed };
}

/** Reads the browser run's record, or null when there is none. */
export function readBrowserRecord(root: string): Record | null {
  const path = join(root, browserRecordPath);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record) : null;
}

/** One machine's coverage by its generated paths, and by the browser run when recorded. */
export function coverageOf(model: AnyMachineModel, record: Record | null): MachineCoverage {
  const coverage = new Coverage(model.machine);
  const explored = explore(model);
  for (const path of explored) coverage.add(path.facts);
  const all = everything(model);
  const hit: globalThis.Record<Kind, Set<string>> = {
    states: coverage.states,
    transitions: coverage.transitions,
    guards: coverage.guards,
    requirements: coverage.requirements,
  };
  const recorded = record?.[model.name];
  return {
    machine: model.name,
    paths: explored.length,
    reached: [...coverage.requirements].sort(),
    model: Object.fromEntries(kinds.map((kind) => [kind, share(all[kind], hit[kind])])) as globalThis.Record<Kind, Share>,
    browser: recorded
      ? (Object.fromEntries(kinds.map((kind) => [kind, share(all[kind], recorded[kind] ?? [])])) as globalThis.Record<Kind, Share>)
      : null,
  };
}

const percent = ({ hit, all }: Share) => (all === 0 ? 100 : Math.floor((hit / all) * 1000) / 10);

/** A share as "hit/all (percent)". */
export function shareText(value: Share): string {
  return `${String(value.hit)}/${String(value.all)} (${String(percent(value))}%)`;
}

/** Whether every kind is fully covered. */
export function isComplete(shares: globalThis.Record<Kind, Share>): boolean {
  return kinds.every((kind) => shares[kind].missed.length === 0);
}
