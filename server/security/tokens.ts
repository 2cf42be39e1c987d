/** Random tokens, their digests and constant-time comparison. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token: 32 bytes, base64url (43 characters). */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * `length` random characters of base32 (A–Z, 2–7; 5 bits each), for references people read and
 * type: a payment's confirmation number, a refund's, an event's id.
 */
export function randomBase32(length: number): string {
  // 256 is a multiple of 32, so `byte % 32` picks every character equally often.
  return Array.from(randomBytes(length), (byte) => BASE32[byte % 32] ?? 'A').join('');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The value when it is shaped like `newToken()` output, else undefined. */
export function tokenOrUndefined(value: string | undefined): string | undefined {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** SHA-256 of a token as lower-case hex: what the database stores instead of the token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two strings in time independent of where they differ (and of their lengths). */
export function constantTimeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
