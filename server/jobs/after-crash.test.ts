/**
 * The work after an answer outlives a crash: the server is killed (SIGKILL, no drain) right after
 * it answers a forgotten password, and once it is started again over the same database the reset
 * email goes out. Before the registry, that work lived in the process and died with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const child = fileURLToPath(new URL('../test/serve-child.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'pbp-crash-'));
const running = new Set<ChildProcess>();

/** Starts the server in a child process over `dataDir`; answers its URL once it listens. */
async function startChild({ holdJobs = false } = {}): Promise<{ process: ChildProcess; url: string }> {
  const env = { ...process.env, PBP_DATA_DIR: dataDir, PBP_HOLD_JOBS: holdJobs ? '1' : '' };
  const started = spawn(process.execPath, ['--import', 'tsx', child], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(started);
  const exited = new Promise<never>((_resolve, reject) => started.once('exit', (code) => reject(new Error(`The server exited (${String(code)}) before it listened`))));
  const lines = createInterface({ input: started.stdout });
  const listening = (async () => {
    for await (const line of lines) if (line.startsWith('{')) return (JSON.parse(line) as { url: string }).url;
    throw new Error('The server said nothing');
  })();
  return { process: started, url: await Promise.race([listening, exited]) };
}

/** Kills like a crash, and waits until the process is gone. */
async function kill(crashed: ChildProcess): Promise<void> {
  const gone = new Promise((resolve) => crashed.once('exit', resolve));
  crashed.kill('SIGKILL');
  await gone;
  running.delete(crashed);
}

afterAll(async () => {
  for (const each of running) await kill(each);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash right after forgot password answers', () => {
  it('still sends the reset email once the server is started again', { timeout: 120_000 }, async () => {
    // The first server works no job, so the work the answer left is still undone when it dies:
    // what sends the email is only what the database kept.
    const first = await startChild({ holdJobs: true });
    const opened = await fetch(`${first.url}/api/User/GetIsUserLoggedIn`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const asked = await fetch(`${first.url}/api/ForgotPassword/CheckEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ email: 'pat.doe@example.com', clientCode: 'SUN' }),
    });
    expect(asked.status).toBe(200);
    expect(await (await fetch(`${first.url}/dev/outbox?to=pat.doe@example.com`)).text()).not.toContain('#token=');
    await kill(first.process);

    const second = await startChild();
    await vi.waitFor(
      async () => {
        const outbox = await (await fetch(`${second.url}/dev/outbox?to=pat.doe@example.com`)).text();
        expect(outbox).toContain('#token=');
      },
      { timeout: 60_000, interval: 250 },
    );
    await kill(second.process);
  });
});
