/**
 * A machine model's generated paths, each named in words: what the person or the system does at
 * each step, and where the machine ends. Exact duplicates (same start, same events) are dropped.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { createPathReader, eventAsCode, generateModelPaths, transitionKey, type AnyMachineModel, type ModelPath, type ModelSpec, type PathFacts } from './harness';

/** One generated path with its title in words. */
export interface NamedPath {
  /** The start it belongs to (the model's variant). */
  variant: string;
  spec: ModelSpec<AnyStateMachine>;
  path: ModelPath<AnyStateMachine>;
  /** The path in words, unique within the machine. */
  title: string;
  /** Each step's label, in order. */
  labels: string[];
}

/** A state value in words: `paying.card.editing`, or `signedIn (access.user, expiry.waiting)` for parallel regions. */
export function stateInWords(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).flatMap(([key, inner]) => (inner === undefined ? [] : [`${key}.${stateInWords(inner)}`]));
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(', ')})`;
}

/** Where a snapshot is, in words. */
export function whereIs(snapshot: AnyMachineSnapshot): string {
  return stateInWords(snapshot.value as StateValue).replace(/\.\(/g, ' (');
}

/** Every generated path of the model, named in words, without exact duplicates. */
export function namedPaths(model: AnyMachineModel): NamedPath[] {
  const seen = new Set<string>();
  const titles = new Map<string, number>();
  const named: NamedPath[] = [];
  for (const { name: variant, spec } of model.variants) {
    for (const path of generateModelPaths(spec)) {
      const key = `${variant} ${path.steps.map((step) => eventAsCode(step.event as EventObject)).join(' > ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const labels = path.steps.map((step) => model.describeEvent(step.event));
      const end = path.steps.at(-1)?.state ?? path.start;
      // A start that ends at once has no step to name: its title is the start itself.
      const does = labels.length > 0 ? labels.join(' → ') : 'Starts';
      const words = `${model.variants.length > 1 ? `${variant}: ` : ''}${does} ⇒ ${whereIs(end)}`;
      // Two events may read alike (their payloads differ in what the model ignores): number them.
      const count = (titles.get(words) ?? 0) + 1;
      titles.set(words, count);
      named.push({ variant, spec, path, labels, title: count === 1 ? words : `${words} (${String(count)})` });
    }
  }
  return named;
}

/** A named path with what each of its steps did. */
export interface ExploredPath extends NamedPath {
  facts: PathFacts;
}

/** Every named path of the model with what each step did, read from the model (no effect runs). */
export function explore(model: AnyMachineModel): ExploredPath[] {
  const readers = new Map(model.variants.map(({ name, spec }) => [name, createPathReader(spec)]));
  return namedPaths(model).map((named) => {
    const read = readers.get(named.variant);
    if (!read) throw new Error(`No start named ${named.variant}`);
    return { ...named, facts: read(named.path) };
  });
}

/** A path's facts as plain keys, to compare two readings of it. */
export function factKeys(facts: PathFacts): { transitions: string[]; guards: string[]; entered: string[]; requirements: string[] }[] {
  return [facts.start, ...facts.steps].map((step) => ({
    transitions: step.transitions.map(transitionKey),
    guards: step.guards,
    entered: step.entered.map((node) => node.id),
    requirements: step.requirements,
  }));
}
