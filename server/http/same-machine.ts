/** The development pages answer only a browser on the same machine (they show every client's data). */
import { isIPv4 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { sourceAddress } from './client-address';
import type { AppEnv } from './types';

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** A 404 to any other machine; never kept by a cache. */
export const sameMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLoopbackAddress(sourceAddress(c))) return c.text('Not Found', 404);
  await next();
  c.header('Cache-Control', 'no-store');
};
