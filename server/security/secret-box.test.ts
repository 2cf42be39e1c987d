/**
 * The secret box: what it seals opens again, for the same purpose and with a key it was given;
 * anything altered, another key's or another purpose's value is refused, and no error holds the
 * secret, the key or the sealed text.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY, developmentSecretBox, isSealed, keyIdOf, SecretBoxError, sealedKeyId, type SecretBox } from './secret-box';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PURPOSE = 'webhook_endpoints.secret:7';

/** The error `act` throws, which must be a SecretBoxError. */
function refusal(act: () => unknown): SecretBoxError {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretBoxError);
    return error as SecretBoxError;
  }
  throw new Error('Nothing was refused');
}

/** Asserts the error says nothing of the secret, the keys or the sealed text. */
function tellsNothing(error: Error, secrets: readonly string[]): void {
  const told = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)} ${String(error.cause)}`;
  for (const secret of secrets) expect(told).not.toContain(secret);
}

/** `sealed` with one base64url character of its `part` (1 key id, 2 iv, 3 ciphertext and tag) changed. */
function altered(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const text = parts[part] ?? '';
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('the secret box', () => {
  const key = randomBytes(32);
  const box = createSecretBox({ key });

  it('opens what it sealed, for the same purpose: whatever the text, and never the same sealed value twice', () => {
    for (const plain of [SECRET, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '', 'ünïcödé ✓ 秘密']) {
      const sealed = box.seal(plain, PURPOSE);
      expect(sealed).toMatch(/^sb1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
      expect(isSealed(sealed)).toBe(true);
      expect(box.open(sealed, PURPOSE)).toBe(plain);
    }
    const [first, second] = [box.seal(SECRET, PURPOSE), box.seal(SECRET, PURPOSE)];
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET.slice(6));
  });

  it('names the key that sealed a value by a short hash of it, not the key', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    expect(sealedKeyId(sealed)).toBe(box.keyId);
    expect(box.keyId).toBe(keyIdOf(key));
    expect(box.keyId).toHaveLength(8);
    for (const encoding of ['base64', 'base64url', 'hex'] as const) expect(sealed).not.toContain(key.toString(encoding).slice(0, 8));
    expect(sealedKeyId(SECRET)).toBeNull();
  });

  it('refuses a value altered anywhere: its key id, its iv, its ciphertext or tag, cut short, or not sealed at all', () => {
    const sealed = box.seal(SECRET, PURPOSE);
    const tampered = [altered(sealed, 1), altered(sealed, 2), altered(sealed, 3), sealed.slice(0, -4), `${sealed}AAAA`, sealed.replace(/^sb1\./, 'sb2.'), SECRET, '', 'sb1.', 'sb1...'];
    for (const value of tampered) tellsNothing(refusal(() => box.open(value, PURPOSE)), [SECRET, sealed, key.toString('base64'), key.toString('hex')]);
  });

  it('refuses a value sealed for another purpose: a TOTP secret moved into a webhook row, or another row of the same column', () => {
    const totp = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'staff_members.totp_secret:3');
    expect(refusal(() => box.open(totp, PURPOSE)).message).toContain('did not open');
    expect(() => box.open(box.seal(SECRET, 'webhook_endpoints.secret:8'), PURPOSE)).toThrow(SecretBoxError);
  });

  it('refuses what another key sealed, and opens what a previous key sealed while sealing under the current one', () => {
    const other = createSecretBox({ key: randomBytes(32) });
    const sealedByOther = other.seal(SECRET, PURPOSE);
    const error = refusal(() => box.open(sealedByOther, PURPOSE));
    expect(error.message).toContain(`key ${other.keyId}`);
    tellsNothing(error, [SECRET, sealedByOther]);

    const rotated = createSecretBox({ key: randomBytes(32), previousKeys: [key] });
    expect(rotated.keyIds).toEqual([rotated.keyId, box.keyId]);
    expect(rotated.open(box.seal(SECRET, PURPOSE), PURPOSE)).toBe(SECRET);
    const resealed = rotated.seal(SECRET, PURPOSE);
    expect(sealedKeyId(resealed)).toBe(rotated.keyId);
    // The old key alone cannot open what the new one sealed.
    expect(() => box.open(resealed, PURPOSE)).toThrow(SecretBoxError);
  });

  it('takes only 32-byte keys, and says so without the key', () => {
    for (const wrong of [randomBytes(16), randomBytes(31), randomBytes(33), Buffer.alloc(0)]) {
      tellsNothing(refusal(() => createSecretBox({ key: wrong })), [wrong.toString('base64'), wrong.toString('hex')].filter((text) => text !== ''));
      expect(() => createSecretBox({ key: randomBytes(32), previousKeys: [wrong] })).toThrow(SecretBoxError);
    }
  });

  it('has a development box, of a fixed key anyone can read: every one opens what another sealed', () => {
    const development: SecretBox = developmentSecretBox();
    expect(development.keyId).toBe(keyIdOf(DEVELOPMENT_SECRETS_KEY));
    expect(developmentSecretBox().open(development.seal(SECRET, PURPOSE), PURPOSE)).toBe(SECRET);
    expect(() => box.open(development.seal(SECRET, PURPOSE), PURPOSE)).toThrow(SecretBoxError);
  });
});
