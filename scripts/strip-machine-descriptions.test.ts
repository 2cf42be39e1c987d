import { transformAsync } from '@babel/core';
import { describe, expect, it } from 'vitest';
import stripMachineDescriptions from './strip-machine-descriptions';

const source = `export const m = { id: 'm', description: 'For analysts', actors: { check: () => Promise.reject(new Error('check not provided')), other: () => new Error('A message') }, states: { a: { description: "Also", meta: { requirements: ['SES-1'] }, on: { x: { target: 'b', meta: { requirements: ['SES-2'] } } } } } };`;

async function strip(filename: string): Promise<string> {
  const result = await transformAsync(source, { filename, plugins: [stripMachineDescriptions], configFile: false, babelrc: false });
  return result?.code ?? '';
}

describe('stripping what is for analysts from the production build', () => {
  it('removes every description and every meta (the requirement ids) from a machine file, and keeps the rest', async () => {
    const code = await strip('/repo/machines/session/session.machine.ts');
    expect(code).not.toContain('description');
    expect(code).not.toContain('meta');
    expect(code).not.toContain('SES-');
  });

  it("turns a transition left with only its target into XState's shorthand", async () => {
    const code = await strip('/repo/machines/session/session.machine.ts');
    expect(code).toContain("x: 'b'");
    expect(code).not.toContain('target');
  });

  it("drops the placeholders' 'not provided' messages, and only those", async () => {
    const code = await strip('/repo/machines/session/session.machine.ts');
    expect(code).toContain('Promise.reject(new Error())');
    expect(code).not.toContain('not provided');
    expect(code).toContain("new Error('A message')");
  });

  it('leaves other files alone', async () => {
    const code = await strip('/repo/src/features/x.ts');
    expect(code).toContain('check not provided');
    expect(code).toContain('For analysts');
    expect(code).toContain('SES-1');
    expect(code).toContain("target: 'b'");
  });
});
