/**
 * Every generated path of every registered machine, run against a real actor with the model's
 * assertions at each step; each test is named by its path in words. A machine's run fails when it
 * misses a state, a transition or a guard outcome.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Coverage, createPathReader, runModelPath } from './harness';
import { models } from './models';
import { factKeys, namedPaths } from './paths';

for (const model of models) {
  describe(`${model.title} machine model paths`, () => {
    const coverage = new Coverage(model.machine);
    const paths = namedPaths(model);
    // What the plans and the coverage report read from the model alone must be what real actors do.
    const readers = new Map(model.variants.map(({ name, spec }) => [name, createPathReader(spec)]));

    it('has paths to walk, each with a title of its own', () => {
      expect(paths.length).toBeGreaterThan(0);
      expect(new Set(paths.map((named) => named.title)).size).toBe(paths.length);
    });

    for (const named of paths) {
      it(named.title, () => {
        model.reset?.();
        const facts = runModelPath(named.spec, named.path);
        coverage.add(facts);
        const read = factKeys(readers.get(named.variant)?.(named.path) ?? { start: facts.start, steps: [] });
        // Compared as text first: a deep comparison of every path would double the run.
        if (JSON.stringify(read) !== JSON.stringify(factKeys(facts))) expect(read).toEqual(factKeys(facts));
      });
    }

    afterAll(() => {
      const report = coverage.report();
      console.log(
        `model coverage ${model.name}: ` +
          (['states', 'transitions', 'guards'] as const)
            .map((kind) => `${kind} ${String(report[kind].all - report[kind].missed.length)}/${String(report[kind].all)}`)
            .join(', '),
      );
      expect(report.states.missed).toEqual([]);
      expect(report.transitions.missed).toEqual([]);
      expect(report.guards.missed).toEqual([]);
    });
  });
}
