import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';

/** A running `npm run dev:inspect` dev server. */
export interface InspectDevServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the dev server as `npm run dev:inspect` does, on a free port, its API calls passed to
 * `apiUrl`, with a dependency cache of its own (the shared one stays untouched).
 */
export async function startInspectDevServer(apiUrl: string): Promise<InspectDevServer> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'pbp-inspect-vite-'));
  const server = await createServer({
    configFile: resolve('vite.config.ts'),
    mode: 'inspect',
    cacheDir,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, proxy: { '/api': apiUrl, '/logos': apiUrl } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('The inspect dev server has no address');
  return {
    url: url.replace(/\/$/, ''),
    close: async () => {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
