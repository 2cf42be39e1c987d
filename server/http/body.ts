/**
 * The one reader of a request's body against a limit, for every surface (the patients' API, the
 * console, the partner API, the card fields): a body whose stated length (Content-Length) is over
 * the limit is refused before a byte is read, and one without, or lying, is counted as it arrives
 * and refused once it passes the limit; nothing past the limit is ever held. An endpoint's limit is
 * its declaration's (`maxBodyBytes`, contracts/endpoint.ts); the refusal is a 413 in the API's shape.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** The API's answer to a body over its limit, unless a screen has a word of its own for it (a logo's). */
export const bodyTooLarge = (c: Context) => c.json({ error: 'invalidRequest' }, 413);

/** Whether the request states a body longer than `maxBytes`. */
export function statesMoreThan(request: Request, maxBytes: number): boolean {
  return Number(request.headers.get('Content-Length') ?? '0') > maxBytes;
}

/** The body, as long as it is at most `maxBytes`; null once it says or proves it is longer (what follows is never read: the stream is cancelled). */
export async function readBodyAtMost(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (statesMoreThan(request, maxBytes)) return null;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The same limit before a handler that reads the body through Hono (its JSON, its form). */
export function limitBodyTo(maxBytes: number, refuse: (c: Context) => Response = bodyTooLarge): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: refuse });
}
