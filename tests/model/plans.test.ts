/**
 * The QA plans: reduced, yet covering all that the generated paths cover; every step in words;
 * and the committed files in docs/model are what `npm run model:plans` writes today.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { staleFiles } from '../../scripts/model/files';
import { planFiles, planOf, reducePaths } from '../../scripts/model/plans';
import { Coverage } from './harness';
import { models } from './models';
import { explore } from './paths';

// Exploring is the slow part: once per machine for every test here.
const explored = new Map(models.map((model) => [model.name, explore(model)]));
const pathsOf = (name: string) => explored.get(name) ?? [];
const plans = models.map((model) => planOf(model, pathsOf(model.name)));

describe('the QA plans', () => {
  it.each(models.map((model) => [model.name, model] as const))(
    'of the %s machine cover with fewer paths every state, transition, guard outcome and requirement the generated paths cover',
    (_, model) => {
      const paths = pathsOf(model.name);
      const reduced = reducePaths(paths);
      const all = new Coverage(model.machine);
      const kept = new Coverage(model.machine);
      for (const path of paths) all.add(path.facts);
      for (const path of reduced) kept.add(path.facts);
      expect(reduced.length).toBeLessThan(paths.length);
      expect(kept.report()).toEqual(all.report());
      expect([...kept.requirements].sort()).toEqual([...all.requirements].sort());
    },
  );

  it.each(models.map((model) => [model.name, model] as const))('of the %s machine say every event in words, errors by their code', (_, model) => {
    const raw = pathsOf(model.name).flatMap((path) =>
      path.path.steps
        .map((step, index) => ({ type: (step.event as EventObject).type, label: path.labels[index] ?? '' }))
        .filter(({ type, label }) => label === type || label.includes('{}') || label === ''),
    );
    expect(raw).toEqual([]);
  });

  it('name a state and the requirements at every step', () => {
    const bare = plans.flatMap((plan) =>
      plan.paths.flatMap((path) =>
        path.steps
          .filter((step) => step.state === '' || step.happens === '' || step.requirements.length === 0)
          .map((step) => `${plan.machine} ${String(path.number)}.${String(step.step)}`),
      ),
    );
    expect(bare).toEqual([]);
  });

  it('are committed as npm run model:plans writes them today', () => {
    expect(staleFiles(planFiles(plans))).toEqual([]);
  });
});
