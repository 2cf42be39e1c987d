/**
 * The secrets the database keeps, every one sealed (secret-box.ts): each webhook endpoint's signing
 * secret and the ones rotated out (`webhook_endpoints.secret`, `previous_secrets`), each staff
 * member's authenticator-app secret (`staff_members.totp_secret`) and the one a staff session is
 * setting up (`staff_sessions.pending_totp_secret`). Each is sealed for its column and row (its
 * purpose, below), so a value moved elsewhere no longer opens; the database's checks refuse a
 * value that is not sealed (migration 0018).
 *
 * A database from before sealing holds them in plain text: the portal (and the office command)
 * seals those once the migrations have run (`sealPlainSecrets`). `resealSecrets` seals every one
 * again under the current key, for the rotation of SECRETS_KEY.
 */
import { and, asc, eq, isNotNull, notLike, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { staffMembers, staffSessions, webhookEndpoints } from '../db/schema';
import { isSealed, SEALED_PREFIX, SecretBoxError, sealedKeyId, type SecretBox } from './secret-box';

/** What each kind of secret is sealed for: its column and its row. */
export const secretPurpose = {
  webhookSecret: (endpointId: number) => `webhook_endpoints.secret:${String(endpointId)}`,
  retiredWebhookSecret: (endpointId: number) => `webhook_endpoints.previous_secrets:${String(endpointId)}`,
  totpSecret: (staffId: number) => `staff_members.totp_secret:${String(staffId)}`,
  pendingTotpSecret: (sessionId: string) => `staff_sessions.pending_totp_secret:${sessionId}`,
};

/** The value opened, or null when it does not open (sealed by a key the box lacks, altered, or for another purpose). */
export function openOrNull(box: SecretBox, sealed: string, purpose: string): string | null {
  try {
    return box.open(sealed, purpose);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/**
 * `count` ids of a table's serial column taken ahead of the insert, so each row's secret can be
 * sealed for its row before the row is written.
 */
export async function reserveIds(db: Database, table: 'webhook_endpoints' | 'staff_members', count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id from generate_series(1, ${count})`);
  return rows.map((row) => row.id);
}

const sealedPattern = `${SEALED_PREFIX}%`;

/**
 * Rewrites the stored secrets in one transaction, their rows locked: `rewrite` answers each value's
 * new text (the same text leaves it as it is). Only the rows holding a plain value when `plainOnly`.
 * `beforeCommit` may throw to roll everything back. Returns how many values it saw and how many it
 * changed.
 */
async function rewriteSecrets(
  db: Database,
  plainOnly: boolean,
  rewrite: (value: string, purpose: string) => string,
  beforeCommit: () => void = () => undefined,
): Promise<{ seen: number; changed: number }> {
  return db.transaction(async (tx) => {
    let seen = 0;
    let changed = 0;
    const next = (value: string, purpose: string) => {
      seen += 1;
      const after = rewrite(value, purpose);
      if (after !== value) changed += 1;
      return after;
    };

    const endpoints = await tx
      .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecrets: webhookEndpoints.previousSecrets })
      .from(webhookEndpoints)
      .where(
        plainOnly
          ? or(
              notLike(webhookEndpoints.secret, sealedPattern),
              sql`exists (select 1 from jsonb_array_elements(${webhookEndpoints.previousSecrets}) retired where not starts_with(retired->>'secret', ${SEALED_PREFIX}))`,
            )
          : undefined,
      )
      .orderBy(asc(webhookEndpoints.id))
      .for('update');
    for (const row of endpoints) {
      const secret = next(row.secret, secretPurpose.webhookSecret(row.id));
      const previousSecrets = row.previousSecrets.map((each) => ({ ...each, secret: next(each.secret, secretPurpose.retiredWebhookSecret(row.id)) }));
      if (secret !== row.secret || previousSecrets.some((each, index) => each.secret !== row.previousSecrets[index]?.secret)) {
        await tx.update(webhookEndpoints).set({ secret, previousSecrets }).where(eq(webhookEndpoints.id, row.id));
      }
    }

    const staff = await tx
      .select({ id: staffMembers.id, totpSecret: staffMembers.totpSecret })
      .from(staffMembers)
      .where(and(isNotNull(staffMembers.totpSecret), plainOnly ? notLike(staffMembers.totpSecret, sealedPattern) : undefined))
      .orderBy(asc(staffMembers.id))
      .for('update');
    for (const row of staff) {
      if (row.totpSecret === null) continue;
      const totpSecret = next(row.totpSecret, secretPurpose.totpSecret(row.id));
      if (totpSecret !== row.totpSecret) await tx.update(staffMembers).set({ totpSecret }).where(eq(staffMembers.id, row.id));
    }

    const sessions = await tx
      .select({ id: staffSessions.id, pendingTotpSecret: staffSessions.pendingTotpSecret })
      .from(staffSessions)
      .where(and(isNotNull(staffSessions.pendingTotpSecret), plainOnly ? notLike(staffSessions.pendingTotpSecret, sealedPattern) : undefined))
      .orderBy(asc(staffSessions.id))
      .for('update');
    for (const row of sessions) {
      if (row.pendingTotpSecret === null) continue;
      const pendingTotpSecret = next(row.pendingTotpSecret, secretPurpose.pendingTotpSecret(row.id));
      if (pendingTotpSecret !== row.pendingTotpSecret) await tx.update(staffSessions).set({ pendingTotpSecret }).where(eq(staffSessions.id, row.id));
    }
    beforeCommit();
    return { seen, changed };
  });
}

/**
 * Seals every secret still in plain text (written before sealing existed), in one transaction;
 * a second run finds none. Returns how many it sealed.
 */
export async function sealPlainSecrets(db: Database, box: SecretBox): Promise<number> {
  const { changed } = await rewriteSecrets(db, true, (value, purpose) => (isSealed(value) ? value : box.seal(value, purpose)));
  return changed;
}

/** Thrown by `resealSecrets` when some secrets do not open: nothing was changed. */
export class SecretsNotOpened extends Error {
  constructor(readonly reasons: string[]) {
    super(`${String(reasons.length)} stored secret${reasons.length === 1 ? '' : 's'} did not open, so none was sealed again: ${reasons.slice(0, 5).join('; ')}${reasons.length > 5 ? '; …' : ''}`);
  }
}

/**
 * Seals every secret again under the box's current key, in one transaction: those sealed by a
 * previous key are opened and sealed anew, plain ones sealed, the others left as they are. If any
 * does not open, nothing changes (SecretsNotOpened says which and why). Returns how many secrets
 * there are and how many were sealed again.
 */
export async function resealSecrets(db: Database, box: SecretBox): Promise<{ total: number; resealed: number }> {
  const reasons: string[] = [];
  const { seen, changed } = await rewriteSecrets(
    db,
    false,
    (value, purpose) => {
      if (!isSealed(value)) return box.seal(value, purpose);
      if (sealedKeyId(value) === box.keyId) return value;
      try {
        return box.seal(box.open(value, purpose), purpose);
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        reasons.push(error.message);
        return value;
      }
    },
    // Every one that did not open is told, then the transaction rolls back.
    () => {
      if (reasons.length > 0) throw new SecretsNotOpened(reasons);
    },
  );
  return { total: seen, resealed: changed };
}

/** How many stored secrets each key sealed (by key id; plain values are not counted). */
export async function secretsByKey(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select secret as value from webhook_endpoints
        union all select retired->>'secret' from webhook_endpoints, jsonb_array_elements(previous_secrets) retired
        union all select totp_secret from staff_members where totp_secret is not null
        union all select pending_totp_secret from staff_sessions where pending_totp_secret is not null`,
  );
  const counts = new Map<string, number>();
  for (const { value } of rows) {
    const keyId = sealedKeyId(value);
    if (keyId !== null) counts.set(keyId, (counts.get(keyId) ?? 0) + 1);
  }
  return counts;
}
