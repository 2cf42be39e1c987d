import { transformAsync } from '@babel/core';
import { describe, expect, it } from 'vitest';
import stripMachineDescriptions from './strip-machine-descriptions';

const source = `export const m = { id: 'm', description: 'For analysts', states: { a: { description: "Also", on: { x: 'b' } } } };`;

async function strip(filename: string): Promise<string> {
  const result = await transformAsync(source, { filename, plugins: [stripMachineDescriptions], configFile: false, babelrc: false });
  return result?.code ?? '';
}

describe('stripping machine descriptions from the production build', () => {
  it('removes every description from a machine file and keeps the rest', async () => {
    const code = await strip('/repo/machines/session/session.machine.ts');
    expect(code).not.toContain('description');
    expect(code).toContain("on: {\n        x: 'b'");
  });

  it('leaves other files alone', async () => {
    expect(await strip('/repo/src/features/x.ts')).toContain('For analysts');
  });
});
