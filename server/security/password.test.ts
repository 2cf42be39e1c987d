import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHashCost } from '../test/password-cost';
import { hashPassword, productionHashCost, setHashCostForTests, verifyAgainstDummy, verifyPassword } from './password';

// The hashing itself, as the portal does it (the other tests hash more cheaply: server/test/password-cost.ts).
beforeAll(() => setHashCostForTests(productionHashCost));
// The next file in this worker hashes at the tests' cost again (vitest.config.ts: the server's files share a worker's modules).
afterAll(() => setHashCostForTests(testHashCost));

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const encoded = await hashPassword('Sunrise#Demo2026');
    await expect(verifyPassword('Sunrise#Demo2026', encoded)).resolves.toBe(true);
    await expect(verifyPassword('Sunrise#Demo2027', encoded)).resolves.toBe(false);
    await expect(verifyPassword('', encoded)).resolves.toBe(false);
  });

  it('stores scrypt$N$r$p$salt$hash with N=2^15, r=8, p=1, a 16-byte salt and a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    const [algorithm, n, r, p, salt = '', hash = ''] = first.split('$');
    expect([algorithm, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64').length).toBeGreaterThanOrEqual(32);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('treats a malformed or tampered hash as a mismatch instead of throwing', async () => {
    const encoded = await hashPassword('Sunrise#Demo2026');
    await expect(verifyPassword('Sunrise#Demo2026', 'not-a-hash')).resolves.toBe(false);
    await expect(verifyPassword('Sunrise#Demo2026', encoded.replace('$32768$', '$1073741824$'))).resolves.toBe(false);
    const parts = encoded.split('$');
    parts[5] = Buffer.alloc(32, 1).toString('base64');
    await expect(verifyPassword('Sunrise#Demo2026', parts.join('$'))).resolves.toBe(false);
  });

  it('answers false for the dummy check used for unknown emails', async () => {
    await expect(verifyAgainstDummy('Sunrise#Demo2026')).resolves.toBe(false);
  });
});
