import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { models } from './models';

/** The id of every machine exported by a `machines/<name>/<name>.machine.ts` file. */
const machineIds = Object.values(import.meta.glob<Record<string, unknown>>('../../machines/*/*.machine.ts', { eager: true }))
  .flatMap((exports) => Object.values(exports))
  .filter((value): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value && 'config' in value)
  .map((machine) => machine.id)
  .sort();

describe('the registry of machine models', () => {
  it('has a model for every machine in machines/ (add one line to tests/model/registry.ts)', () => {
    expect(machineIds.length).toBeGreaterThan(0);
    expect(machineIds.filter((id) => !models.some((model) => model.machine.id === id))).toEqual([]);
  });

  it('gives each model a name of its own, used for its plan and chart files', () => {
    const names = models.map((model) => model.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
