import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBodyTo, readBodyAtMost } from './body';

/** A request whose body arrives in the given chunks, without a Content-Length unless one is given; `read` counts the chunks pulled. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  const pulled = { count: 0, cancelled: false };
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else {
        pulled.count += 1;
        controller.enqueue(new TextEncoder().encode(chunk));
      }
    },
    cancel() {
      pulled.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { request: new Request('http://portal.test/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit), pulled };
}

describe('reading a body against its limit', () => {
  it('answers the whole body when it is at most the limit, up to the last byte', async () => {
    const { request } = streamed(['abc', 'def']);
    expect(new TextDecoder().decode((await readBodyAtMost(request, 6)) ?? undefined)).toBe('abcdef');
    expect(await readBodyAtMost(new Request('http://portal.test/', { method: 'POST' }), 6)).toEqual(new Uint8Array());
  });

  it('refuses a stated length over the limit before reading a byte', async () => {
    const { request, pulled } = streamed(['abc'], { 'Content-Length': '7' });
    expect(await readBodyAtMost(request, 6)).toBeNull();
    expect(pulled.count).toBe(0);
  });

  it('refuses a body without a length once it passes the limit, and reads no further', async () => {
    const { request, pulled } = streamed(['abcd', 'efgh', 'ijkl', 'mnop']);
    expect(await readBodyAtMost(request, 6)).toBeNull();
    expect(pulled.count).toBe(2);
    expect(pulled.cancelled).toBe(true);
  });

  it('gives a handler that reads through Hono the same limit, with the API’s 413', async () => {
    const app = new Hono().post('/upload', limitBodyTo(6), async (c) => c.text(await c.req.text()));
    expect(await (await app.request(streamed(['abc', 'def']).request)).text()).toBe('abcdef');
    const over = await app.request(streamed(['abcd', 'efgh']).request);
    expect([over.status, await over.json()]).toEqual([413, { error: 'invalidRequest' }]);
  });

  it('is the server’s one reader of a body against a limit: no other file counts a body or reads its stated length', () => {
    const sources = readdirSync('server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const reading = sources.filter((file) => /hono\/body-limit|getReader\(\)|Content-Length'\)/.test(readFileSync(join('server', file), 'utf8')));
    expect(reading).toEqual([join('http', 'body.ts')]);
  });
});
