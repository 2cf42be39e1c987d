/**
 * QA plans from the machines: a reduced set of the generated paths (greedy set cover) that still
 * covers every state, transition, guard outcome and requirement the full set covers, each step in
 * words, written as Markdown, JSON and CSV under `docs/model/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineModel, StepFacts } from '../../tests/model/harness';
import { compareIds, Coverage, transitionKey } from '../../tests/model/harness';
import { explore, whereIs, type ExploredPath } from '../../tests/model/paths';

/** One step of a plan, as a person reads it. */
export interface PlanStep {
  step: number;
  /** What the person or the system does ("Ticks invoice SUN-100042"). */
  does: string;
  /** What the portal does in answer, from the machine's descriptions. */
  happens: string;
  /** The state reached. */
  state: string;
  requirements: string[];
}

export interface PlanPath {
  number: number;
  /** The start it belongs to (e.g. "a reload of the receipt"). */
  start: string;
  /** The path in words, as the Node model run names its test. */
  title: string;
  steps: PlanStep[];
}

export interface Plan {
  machine: string;
  title: string;
  description: string;
  /** How many generated paths the plan was chosen from. */
  generated: number;
  /** What the plan covers, by kind: all of the machine's, as the generated paths do. */
  covers: { states: number; transitions: number; guardOutcomes: number; requirements: string[] };
  paths: PlanPath[];
}

/** Everything one explored path covers, as keys. */
function itemsOf(path: ExploredPath): Set<string> {
  const items = new Set<string>();
  for (const step of [path.facts.start, ...path.facts.steps]) {
    for (const id of step.visited) items.add(`state ${id}`);
    for (const transition of step.transitions) items.add(`transition ${transitionKey(transition)}`);
    for (const key of step.guards) items.add(`guard ${key}`);
    for (const id of step.requirements) items.add(`requirement ${id}`);
  }
  return items;
}

/**
 * Greedy set cover: repeatedly takes the path that adds the most uncovered items (the shorter on a
 * tie, then the earlier), until the chosen paths cover all that the generated ones cover.
 */
export function reducePaths(paths: readonly ExploredPath[]): ExploredPath[] {
  const items = paths.map(itemsOf);
  const uncovered = new Set(items.flatMap((set) => [...set]));
  const chosen: ExploredPath[] = [];
  while (uncovered.size > 0) {
    let best = -1;
    let bestGain = 0;
    paths.forEach((path, index) => {
      let gain = 0;
      for (const item of items[index] ?? []) if (uncovered.has(item)) gain++;
      const shorter = best >= 0 && gain === bestGain && path.path.steps.length < (paths[best]?.path.steps.length ?? 0);
      if (gain > bestGain || shorter) {
        best = index;
        bestGain = gain;
      }
    });
    const path = paths[best];
    if (!path) break;
    chosen.push(path);
    for (const item of items[best] ?? []) uncovered.delete(item);
  }
  return chosen;
}

function happens(facts: StepFacts): string {
  const said = facts.transitions.map((transition) => transition.description).filter((text): text is string => Boolean(text));
  if (said.length > 0) return [...new Set(said)].join(' ');
  const entered = facts.entered.map((node) => node.description).filter((text): text is string => Boolean(text));
  if (entered.length > 0) return entered.at(-1) ?? '';
  // Turned away by a guard: say which, from its outcome key (`<state> <event> #<n> <guard>: no`).
  const refused = facts.guards.map((key) => /#\d+ (.+): no$/.exec(key)?.[1]).filter((guard): guard is string => guard !== undefined);
  return refused.length > 0 ? `Nothing changes (${[...new Set(refused)].join(', ')}: no).` : 'Nothing changes.';
}

/** The model's plan: its reduced paths in words (from its explored paths, when they are at hand). */
export function planOf(model: AnyMachineModel, explored: readonly ExploredPath[] = explore(model)): Plan {
  const coverage = new Coverage(model.machine);
  for (const path of explored) coverage.add(path.facts);
  const report = coverage.report();
  const reduced = reducePaths(explored);
  const startOf = (variant: string) => (model.variants.length > 1 ? variant : 'start');
  return {
    machine: model.name,
    title: model.title,
    description: model.machine.root.description ?? '',
    generated: explored.length,
    covers: {
      states: report.states.all - report.states.missed.length,
      transitions: report.transitions.all - report.transitions.missed.length,
      guardOutcomes: report.guards.all - report.guards.missed.length,
      requirements: [...coverage.requirements].sort(compareIds),
    },
    paths: reduced.map((path, index) => ({
      number: index + 1,
      start: startOf(path.variant),
      title: path.title,
      steps: [
        {
          step: 0,
          does: `Starts (${path.variant})`,
          happens: happens(path.facts.start),
          state: whereIs(path.facts.start.snapshot),
          requirements: path.facts.start.requirements,
        },
        ...path.facts.steps.map((facts, step) => ({
          step: step + 1,
          does: path.labels[step] ?? '',
          happens: happens(facts),
          state: whereIs(facts.snapshot),
          requirements: facts.requirements,
        })),
      ],
    })),
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The plan as Markdown, for people. */
export function planMarkdown(plan: Plan): string {
  const steps = plan.paths.reduce((count, path) => count + path.steps.length - 1, 0);
  const lines = [
    `# ${plan.title}: QA plan`,
    '',
    plan.description,
    '',
    `${String(plan.paths.length)} paths (${String(steps)} steps), chosen from the ${String(plan.generated)} paths generated from the machine, ` +
      `cover all of its ${String(plan.covers.states)} states, ${String(plan.covers.transitions)} transitions and ${String(plan.covers.guardOutcomes)} guard outcomes, ` +
      `and the requirements ${plan.covers.requirements.join(', ')}.`,
    '',
    'Written by `npm run model:plans` from the machine and its model in `tests/model/`; do not edit by hand. ' +
      'Each step says what the person or the system does, what the portal does in answer (from the machine\'s descriptions), ' +
      'the state reached and the requirements touched (`docs/requirements.md`).',
  ];
  for (const path of plan.paths) {
    const end = path.steps.at(-1)?.state ?? '';
    lines.push('', `## Path ${String(path.number)}: ${path.start}, ${String(path.steps.length - 1)} steps, ends in ${end}`, '');
    lines.push('| # | the person or the system | what the portal does | state reached | requirements |', '| --- | --- | --- | --- | --- |');
    for (const step of path.steps) {
      lines.push(`| ${String(step.step)} | ${cell(step.does)} | ${cell(step.happens)} | ${cell(step.state)} | ${step.requirements.join(', ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The plan as JSON, for tools. */
export function planJson(plan: Plan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The plan as CSV, one row per step, for spreadsheets. */
export function planCsv(plan: Plan): string {
  const rows = [['path', 'start', 'step', 'does', 'happens', 'state', 'requirements']];
  for (const path of plan.paths) {
    for (const step of path.steps) {
      rows.push([String(path.number), path.start, String(step.step), step.does, step.happens, step.state, step.requirements.join(' ')]);
    }
  }
  return `${rows.map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}

/** Every plan file of the models, by its path from the repository's root. */
export function planFiles(plans: readonly Plan[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const plan of plans) {
    files.set(`docs/model/${plan.machine}.plan.md`, planMarkdown(plan));
    files.set(`docs/model/${plan.machine}.plan.json`, planJson(plan));
    files.set(`docs/model/${plan.machine}.plan.csv`, planCsv(plan));
  }
  return files;
}


/** The plan `npm run model:plans` last wrote for a machine, or null when there is none. */
export function committedPlan(root: string, machine: string): Plan | null {
  const path = join(root, `docs/model/${machine}.plan.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Plan) : null;
}
