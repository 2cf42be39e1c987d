/** The address a request came from: the socket's own peer, never a forwarded header (anyone can write those). */
import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer address of the request's socket, or `unknown` where there is no socket (an in-process request). */
export function sourceAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
