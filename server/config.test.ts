/**
 * SECRETS_KEY and SECRETS_KEY_PREVIOUS as the server and the office command read them: 32 bytes in
 * base64 or hex, required in production, the development key elsewhere; a refusal names the
 * setting and never repeats its value.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretsKeysSetting } from './config';
import { DEVELOPMENT_SECRETS_KEY } from './security/secret-box';

/** The message of what `act` throws. */
function refusal(act: () => unknown): string {
  try {
    act();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('Nothing was refused');
}

describe('SECRETS_KEY', () => {
  const key = randomBytes(32);

  it('takes 32 bytes in base64, base64url or hex, with spaces around', () => {
    for (const text of [key.toString('base64'), key.toString('base64url'), key.toString('hex'), key.toString('hex').toUpperCase(), ` ${key.toString('base64')}\n`]) {
      expect(secretsKeysSetting(text, undefined, 'production')).toEqual({ key, previousKeys: [], development: false });
    }
  });

  it('refuses anything else and never repeats it', () => {
    const wrong = [
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      randomBytes(16).toString('hex'),
      `${key.toString('hex')}00`,
      `${key.toString('base64').slice(0, -2)}!=`,
      'correct horse battery staple, a passphrase not a key',
    ];
    for (const text of wrong) {
      const message = refusal(() => secretsKeysSetting(text, undefined, undefined));
      expect(message).toContain('SECRETS_KEY must be 32 random bytes in base64 or hex');
      expect(message).not.toContain(text.slice(0, 12));
    }
  });

  it('is required in production, which also refuses the development key; elsewhere it defaults to the development key, said to be such', () => {
    for (const unset of [undefined, '', '  ']) {
      expect(refusal(() => secretsKeysSetting(unset, undefined, 'production'))).toMatch(/^SECRETS_KEY is not set/);
      expect(secretsKeysSetting(unset, undefined, 'development')).toEqual({ key: DEVELOPMENT_SECRETS_KEY, previousKeys: [], development: true });
      expect(secretsKeysSetting(unset, undefined, undefined).development).toBe(true);
    }
    const development = DEVELOPMENT_SECRETS_KEY.toString('base64');
    const message = refusal(() => secretsKeysSetting(development, undefined, 'production'));
    expect(message).toMatch(/^SECRETS_KEY is the development key/);
    expect(message).not.toContain(development.slice(0, 12));
    // Outside production it may be named outright (a development machine sharing the default).
    expect(secretsKeysSetting(development, undefined, 'test').key).toEqual(DEVELOPMENT_SECRETS_KEY);
  });

  it('reads SECRETS_KEY_PREVIOUS as keys separated by commas, and names the one it refuses without repeating it', () => {
    const [first, second] = [randomBytes(32), randomBytes(32)];
    expect(secretsKeysSetting(key.toString('base64'), `${first.toString('base64')}, ${second.toString('hex')},`, 'production').previousKeys).toEqual([first, second]);
    const bad = 'not-a-key-at-all-but-long-enough';
    const message = refusal(() => secretsKeysSetting(key.toString('base64'), `${first.toString('base64')},${bad}`, 'production'));
    expect(message).toContain("SECRETS_KEY_PREVIOUS's key 2 must be 32 random bytes");
    expect(message).not.toContain(bad);
    expect(message).not.toContain(first.toString('base64'));
  });
});
