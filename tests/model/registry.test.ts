import { readdirSync, readFileSync } from 'node:fs';
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

  it('runs every model in the browser: a paths file names it, and a spec of tests/e2e runs that file', () => {
    const dir = new URL('../e2e/', import.meta.url);
    const pathFiles = readdirSync(new URL('model-paths/', dir)).filter((name) => name.endsWith('.paths.ts'));
    /** Each paths file's model name, and the name of what it exports. */
    const found = pathFiles.map((name) => {
      const text = readFileSync(new URL(`model-paths/${name}`, dir), 'utf8');
      return { model: /^\s*machine: ['"]([^'"]+)['"],$/m.exec(text)?.[1], exported: /^export const (\w+): BrowserPaths/m.exec(text)?.[1] };
    });
    const specs = readdirSync(dir).filter((name) => name.endsWith('.spec.ts')).map((name) => readFileSync(new URL(name, dir), 'utf8')).join('\n');
    expect(models.map((model) => model.name).filter((name) => !found.some((file) => file.model === name))).toEqual([]);
    expect(found.filter((file) => file.exported === undefined || !new RegExp(`\\b${file.exported}\\b`).test(specs)).map((file) => file.model)).toEqual([]);
  });
});
