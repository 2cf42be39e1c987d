/**
 * Password hashing with scrypt (memory-hard), encoded as `scrypt$N$r$p$salt$hash` (base64).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters for new hashes; a stored hash carries its own, which verifying reads. */
export interface HashCost {
  n: number;
  r: number;
  p: number;
}

/** What the portal hashes with. */
export const productionHashCost: Readonly<HashCost> = { n: 2 ** 15, r: 8, p: 1 };
let cost: Readonly<HashCost> = productionHashCost;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Upper bound on N read from a stored hash, so a tampered row cannot exhaust memory. */
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is exactly too small for N=2^15, r=8. */
function maxmemFor(n: number, r: number): number {
  return 128 * n * r * 2;
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const { n, r, p } = cost;
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, { N: n, r, p, maxmem: maxmemFor(n, r) });
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, keyText] = parts;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  if (!Number.isInteger(n) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(saltText ?? '', 'base64');
  const key = Buffer.from(keyText ?? '', 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { n, r, p, salt, key };
}

/** True when `password` matches `encoded`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, {
    N: parsed.n,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmemFor(parsed.n, parsed.r),
  });
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, for sign-ins with an unknown email, so
 * timing does not reveal which emails have accounts. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/**
 * Sets the cost of new hashes, the dummy's included, for the tests whose subject is not the hashing
 * (server/test/password-cost.ts): with the production cost they spent most of their time in scrypt.
 * The server never calls it.
 */
export function setHashCostForTests(next: Readonly<HashCost>): void {
  cost = next;
  dummyHash = undefined;
}
