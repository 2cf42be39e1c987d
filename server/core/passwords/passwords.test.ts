import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, passwordRuleProblem } from '@contracts/passwords';
import { clients, userTokens, users } from '../../db/schema';
import { verifyPassword } from '../../security/password';
import { DEMO_PASSWORD, useSeededDatabase } from '../../test/harness';
import { consumeToken, issueToken } from '../tokens/tokens.service';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { isPasswordExpired, passwordExpiry, passwordExpiryOf, passwordProblem, setNewPassword } from './passwords.service';

describe('the shared password rules', () => {
  it('asks for 12 to 128 characters', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([12, 128]);
    expect(passwordRuleProblem('a'.repeat(11), 'pat@example.com')).toBe('tooShort');
    expect(passwordRuleProblem('', 'pat@example.com')).toBe('tooShort');
    expect(passwordRuleProblem('a'.repeat(12), 'pat@example.com')).toBeNull();
    expect(passwordRuleProblem('a'.repeat(128), 'pat@example.com')).toBeNull();
    expect(passwordRuleProblem('a'.repeat(129), 'pat@example.com')).toBe('tooLong');
  });

  it('counts what a person sees as one character once: composed accents and emoji', () => {
    // "é" typed as e + combining acute: two code points, one after NFC.
    const decomposed = 'e\u0301'.repeat(12);
    expect(decomposed).toHaveLength(24);
    expect(passwordLength(decomposed)).toBe(12);
    expect(passwordRuleProblem('e\u0301'.repeat(11), 'pat@example.com')).toBe('tooShort');
    // An emoji is two UTF-16 units but one code point.
    expect(passwordLength('🔑'.repeat(12))).toBe(12);
    expect(passwordRuleProblem('🔑'.repeat(128), 'pat@example.com')).toBeNull();
    expect(passwordRuleProblem('🔑'.repeat(129), 'pat@example.com')).toBe('tooLong');
  });

  it('refuses the email as the password, whatever its case or surrounding spaces', () => {
    expect(passwordRuleProblem('pat.doe@example.com', 'pat.doe@example.com')).toBe('sameAsEmail');
    expect(passwordRuleProblem('  PAT.Doe@Example.com ', 'pat.doe@example.com ')).toBe('sameAsEmail');
    expect(passwordRuleProblem('pat.doe@example.com1', 'pat.doe@example.com')).toBeNull();
    // Too short is said first: it is the rule the person can fix by typing on.
    expect(passwordRuleProblem('a@b.co', 'a@b.co')).toBe('tooShort');
  });

  it('has nothing to compare with when no email is known yet', () => {
    expect(passwordRuleProblem('correct horse battery', '')).toBeNull();
    expect(passwordRuleProblem('            ', '   ')).toBeNull();
  });
});

describe('common passwords', () => {
  it('come from a real list of tens of thousands', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('are refused whatever their case, and only they', () => {
    for (const password of ['qwertyuiop123', 'QwErTyUiOp123', '1q2w3e4r5t6y', 'Password1234', 'QWERTY123456', '1qaz2wsx3edc']) {
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: true });
    }
    for (const password of [DEMO_PASSWORD, 'correct horse battery staple', 'Ferritin-Velvet-Harbor-19']) {
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: false });
    }
  });

  it('are refused in full-width letters too', () => {
    expect(isCommonPassword('ｑｗｅｒｔｙｕｉｏｐ１２３')).toBe(true);
  });
});

describe('the server\'s password rules', () => {
  it('say the shared rule first, then "common", else nothing', () => {
    expect(passwordProblem('qwerty', 'pat@example.com')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(129), 'pat@example.com')).toBe('tooLong');
    expect(passwordProblem('pat.doe@example.com', 'PAT.DOE@example.com')).toBe('sameAsEmail');
    expect(passwordProblem('Qwertyuiop123', 'pat@example.com')).toBe('common');
    expect(passwordProblem(DEMO_PASSWORD, 'pat@example.com')).toBeNull();
  });
});

describe('password expiry', () => {
  const now = new Date('2026-03-01T09:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const fresh = { passwordChangedAt: daysAgo(400), passwordChangeRequired: false };

  it('never comes by age when the client sets no lifetime (the default)', () => {
    expect(passwordExpiry(fresh, { passwordLifetimeDays: null }, now)).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    expect(passwordExpiry(fresh, null, now)).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    expect(isPasswordExpired(fresh, null, now)).toBe(false);
  });

  it('comes when the billing office marks the password, whatever the lifetime', () => {
    const marked = { passwordChangedAt: now, passwordChangeRequired: true };
    expect(passwordExpiry(marked, null, now)).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });
    expect(isPasswordExpired(marked, { passwordLifetimeDays: 90 }, now)).toBe(true);
  });

  it('comes once the client\'s lifetime has passed since the password was set, counting whole days left', () => {
    const policy = { passwordLifetimeDays: 90 };
    const setDaysAgo = (days: number) => ({ passwordChangedAt: daysAgo(days), passwordChangeRequired: false });
    expect(passwordExpiry(setDaysAgo(0), policy, now)).toEqual({ isPasswordExpired: false, daysUntilExpiry: 90 });
    expect(passwordExpiry(setDaysAgo(89.5), policy, now)).toEqual({ isPasswordExpired: false, daysUntilExpiry: 1 });
    expect(passwordExpiry(setDaysAgo(90), policy, now)).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });
    expect(passwordExpiry(setDaysAgo(365), policy, now)).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });
  });
});

describe('passwords in the database', () => {
  const database = useSeededDatabase();
  const now = new Date('2026-03-01T09:00:00Z');

  async function user(email: string) {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`No demo user ${email}`);
    return row;
  }
  async function clientId(code: string) {
    const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code));
    if (!row) throw new Error(`No demo client ${code}`);
    return row.id;
  }

  it('sends expired.doe to change the password, and not pat.doe', async () => {
    const sun = await clientId('SUN');
    expect(await passwordExpiryOf(database.db, (await user('expired.doe@example.com')).id, sun, now)).toEqual({
      isPasswordExpired: true,
      daysUntilExpiry: 0,
    });
    expect(await passwordExpiryOf(database.db, (await user('pat.doe@example.com')).id, sun, now)).toEqual({
      isPasswordExpired: false,
      daysUntilExpiry: -1,
    });
  });

  it('reads the lifetime of the client the session is under, and nothing for a client the user is not in', async () => {
    const north = await user('north.doe@example.com');
    const npp = await clientId('NPP');
    await database.db.update(clients).set({ passwordLifetimeDays: 30 }).where(eq(clients.id, npp));
    try {
      const expiry = await passwordExpiryOf(database.db, north.id, npp, new Date(north.passwordChangedAt.getTime() + 31 * 86_400_000));
      expect(expiry).toEqual({ isPasswordExpired: true, daysUntilExpiry: 0 });
      expect(await passwordExpiryOf(database.db, north.id, await clientId('SUN'), now)).toBeNull();
    } finally {
      await database.db.update(clients).set({ passwordLifetimeDays: null }).where(eq(clients.id, npp));
    }
  });

  it('refuses a lifetime of zero days or fewer', async () => {
    await expect(database.db.update(clients).set({ passwordLifetimeDays: 0 }).where(eq(clients.code, 'ZZ'))).rejects.toThrow();
  });

  it('sets a new password: the new one signs in, the old one not, its age restarts and the mark is gone', async () => {
    const expired = await user('expired.doe@example.com');
    const staleReset = await issueToken(database.db, { userId: expired.id, purpose: 'resetPassword', now });
    const activation = await issueToken(database.db, { userId: expired.id, purpose: 'activateAccount', now });

    expect(await setNewPassword(database.db, expired.id, 'Harbor-Velvet-Ferritin-7', now)).toBe(true);

    const after = await user('expired.doe@example.com');
    expect(await verifyPassword('Harbor-Velvet-Ferritin-7', after.passwordHash)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, after.passwordHash)).toBe(false);
    expect(after.passwordHash).not.toContain('Harbor-Velvet');
    expect(after.passwordChangedAt).toEqual(now);
    expect(after.passwordChangeRequired).toBe(false);
    expect(await passwordExpiryOf(database.db, expired.id, await clientId('SUN'), now)).toEqual({ isPasswordExpired: false, daysUntilExpiry: -1 });
    // Reset links asked for before the change stop working; other links are not the password's.
    expect(await consumeToken(database.db, 'resetPassword', staleReset, now)).toBeNull();
    expect(await consumeToken(database.db, 'activateAccount', activation, now)).not.toBeNull();
    expect(await database.db.select().from(userTokens).where(eq(userTokens.purpose, 'resetPassword'))).toEqual([]);
  });

  it('answers false for a user that does not exist', async () => {
    expect(await setNewPassword(database.db, 999_999, 'Harbor-Velvet-Ferritin-7', now)).toBe(false);
  });
});
