import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectionChannelName } from '../../src/lib/inspection/inspection-report';
import { liveInspectorMarker } from '../../src/lib/inspection/live-inspector';

const run = promisify(execFile);
const outDirs: string[] = [];

/** Builds the SPA as `npx vite build` does (in a folder of its own) and returns the text of every built file. */
async function builtText(...args: string[]): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pbp-bundle-'));
  outDirs.push(outDir);
  // Vitest sets NODE_ENV=test; the build must see what a shell sees.
  const { NODE_ENV: _ignored, ...env } = process.env;
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

afterAll(() => {
  for (const outDir of outDirs) rmSync(outDir, { recursive: true, force: true });
});

describe('the live inspector in builds', () => {
  it('is absent from the production bundle: no inspector code, no channel to the inspector page', async () => {
    const text = await builtText();
    expect(text).toContain('session.login');
    expect(text).not.toContain(liveInspectorMarker);
    expect(text).not.toContain(inspectionChannelName);
  }, 180_000);

  it('is found by the same search in a build with inspection on, so the search above can see it', async () => {
    const text = await builtText('--mode', 'inspect');
    expect(text).toContain(liveInspectorMarker);
    expect(text).toContain(inspectionChannelName);
  }, 180_000);
});
