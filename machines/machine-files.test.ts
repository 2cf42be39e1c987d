/**
 * Where a machine's words live, on both sides (the patients' and the console's): its context,
 * events, fields and failures in `<name>.types.ts`, its behaviour in `<name>.machine.ts`. A machine
 * file may name only what its machine makes (`typeof …Machine`, an actor of it); a newcomer looking
 * for what a machine keeps opens one kind of file, and a view takes its types without the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

/** The top-level types a machine file declares that its machine does not make, by name. */
export function strayTypes(source: string): string[] {
  const stray: string[] = [];
  for (const match of source.matchAll(/^(?:export )?(?:interface|type) (\w+)[^\n]*/gm)) {
    const [line, name] = match;
    if (name !== undefined && !/\b\w+Machine\b/.test(line.slice(line.indexOf(name) + name.length))) stray.push(name);
  }
  return stray;
}

/** Every machine file below machines/, by its path from there. */
const machineFiles = (): string[] => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.machine.ts'));

describe('machine files', () => {
  it('finds a type declared in a machine file, and lets one its machine makes pass', () => {
    const sample = [
      "export type ApiKeysMachine = typeof apiKeysMachine;",
      "export type AppChildren = Required<ReturnType<ActorRefFrom<AppMachine>['getSnapshot']>['children']>;",
      'export interface RefundCall {',
      "type Problem = 'required' | 'invalid';",
      '  type Indented = string;',
    ].join('\n');
    expect(strayTypes(sample)).toEqual(['RefundCall', 'Problem']);
  });

  it('declare their vocabulary in .types.ts, on both sides', () => {
    const files = machineFiles();
    expect(files).toEqual(expect.arrayContaining(['console/payment-refund.machine.ts', 'session/session.machine.ts']));
    const stray = files.flatMap((file) => strayTypes(readFileSync(join(root, file), 'utf8')).map((name) => `${file}: ${name}`));
    expect(stray).toEqual([]);
  });
});
