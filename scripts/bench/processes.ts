/** What the benchmarks share: servers in processes of their own, and signing the demo user in. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

/** Starts a Node process (TypeScript through tsx) and resolves with the URL it prints once it listens. */
export function startProcess(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolveUrl, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /(http:\/\/[\w.]+:\d+)/.exec(output);
      if (found?.[1]) resolveUrl(found[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${String(code)} before listening`)));
  });
}

/**
 * Stops every process `startProcess` started and waits for them to exit (a few seconds at most), so
 * a database folder is not removed under a server that is still closing it.
 */
export async function stopProcesses(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolveExit) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolveExit();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolveExit();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Signs pat.doe in as the SPA does (with the anti-forgery token) and returns the cookies to send. */
export async function signIn(base: string): Promise<string> {
  const first = await fetch(`${base}/api/User/GetIsUserLoggedIn`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const login = await fetch(`${base}/api/userlogin/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ email: 'pat.doe@example.com', password: 'Sunrise#Demo2026', language: 'en-US', clientCode: 'SUN' }),
  });
  if (login.status !== 200) throw new Error(`Signing in for the benchmark failed: ${String(login.status)}`);
  const session = /pbp_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1] ?? '';
  return `XSRF-TOKEN=${xsrf}; pbp_session=${session}`;
}

/**
 * Runs a benchmark, then, whatever happened, stops the processes it started and runs its
 * clean-ups, newest first (a failed clean-up is reported and the others still run).
 */
export async function runBenchmark(main: () => Promise<void>, cleanups: (() => void | Promise<void>)[]): Promise<void> {
  try {
    await main();
  } finally {
    await stopProcesses();
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn('Cleaning up after the benchmark failed:', error);
      }
    }
  }
}
