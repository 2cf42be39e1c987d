/**
 * `npm run serve` (server/main.ts) in production refuses to start without SECRETS_KEY, or with one
 * that is not a key, in one line that never repeats the value, before it touches the database.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'pbp-main-'));
const dataDir = join(folder, 'pglite');

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Starts the portal as `npm run serve` does, in production, with `env`; resolves with how it ended. */
async function serve(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', PUBLIC_URL: 'https://billing.example.org', PORT: '0', DATA_DIR: dataDir };
  try {
    // Were it to start, it would run until the time-out: a failure here too.
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...base, ...env }, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('the portal in production', { timeout: 120_000 }, () => {
  it('refuses to start without SECRETS_KEY, saying why in one line', async () => {
    expect(await serve({})).toEqual({ code: 1, out: expect.stringMatching(/^Could not start the portal: SECRETS_KEY is not set: [^\n]+\n$/) as unknown });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a SECRETS_KEY that is not 32 bytes, or a previous key that is not one, never repeating either', async () => {
    const notAKey = 'hunter2-is-my-secrets-key-and-nobody-knows-it';
    const short = await serve({ SECRETS_KEY: notAKey });
    expect(short).toMatchObject({ code: 1, out: expect.stringContaining('SECRETS_KEY must be 32 random bytes in base64 or hex') as unknown });
    expect(short.out).not.toContain('hunter2');
    const previous = await serve({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), SECRETS_KEY_PREVIOUS: notAKey });
    expect(previous).toMatchObject({ code: 1, out: expect.stringContaining("SECRETS_KEY_PREVIOUS's key 1 must be") as unknown });
    expect(previous.out).not.toContain('hunter2');
    expect(previous.out).not.toContain(Buffer.alloc(32, 7).toString('base64'));
    expect(existsSync(dataDir)).toBe(false);
  });
});
