/**
 * A client's API keys for the partner API. A key is `pbp_<10 hex>_<43 base64url>`: the
 * first part (its prefix) names it in lists and logs; only the SHA-256 of the whole key is kept,
 * so the key is shown once, when it is made. A revoked key stays listed and no longer works.
 * Every call made with a key is recorded with its key, method, path, answer and address; so is
 * every call refused for its key (`recordRefusal`), rate-limited so that refusals cannot fill the
 * database.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@contracts/partner-api';
import { queryRows, type Database } from '../../db/client';
import { apiKeyCalls, apiKeys, auditEvents } from '../../db/schema';
import { constantTimeEqual, newToken, sha256Hex } from '../../security/tokens';
import { recordAudit } from '../audit/audit.service';

/** An answer's status as the audit trail says it: done, refused (4xx) or failed (5xx). */
export function outcomeOfStatus(status: number): 'ok' | 'refused' | 'failed' {
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'ok';
}

/** Who a key speaks for: the key, its client and what it may do. */
export interface ApiKeyCaller {
  apiKeyId: number;
  clientId: number;
  /** The name the office gave it (may be empty). */
  name: string;
  prefix: string;
  scopes: readonly ApiKeyScope[];
}

export interface ApiKeyListing {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const keyPattern = /^(pbp_[0-9a-f]{10})_[A-Za-z0-9_-]{43}$/;
/** What names a key, at the start of a token (whatever follows it): never any of its secret. */
const prefixPattern = /^(pbp_[0-9a-f]{10})_/;

/**
 * Why a call's key was refused: none sent, not shaped like a key, a prefix no key has, a revoked
 * key, or a live key's prefix with another secret.
 */
export type KeyRefusalReason = 'noKey' | 'malformedKey' | 'unknownKey' | 'revokedKey' | 'wrongSecret';

/** What a bearer token is: a live key's caller, or why it is refused (with the key's prefix and client where it names one). */
export type KeyIdentity =
  | { kind: 'live'; caller: ApiKeyCaller }
  | { kind: 'refused'; reason: KeyRefusalReason; prefix: string | null; clientId: number | null };

/** The action a refused key is recorded as. */
export const KEY_REFUSED_ACTION = 'apiKey.refused';
/**
 * At most this many refusals are written a minute by one process for each lab, and as many for
 * the platform's rows: a flood from many addresses costs the trail this many rows a minute, no
 * more, and a flood of made-up keys cannot keep a lab's revoked key from its trail.
 */
export const MAX_REFUSAL_ROWS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

/** A key as the audit trail names it: the office's name for it, and its prefix (which alone finds it). */
export const keyLabel = (key: { name: string; prefix: string }): string => (key.name === '' ? key.prefix : `${key.name} (${key.prefix})`);

export function createApiKeysService({ db, now }: { db: Database; now: () => Date }) {
  /** The refusals' windows written (or being written) by this process in the current minute, and how many of each lab's and the platform's. */
  const refusalWindows = { minute: -1, written: new Set<string>(), rows: new Map<string, number>() };

  return {
    /** Makes a key; the returned `key` is the only time it is seen. */
    async create({ clientId, scopes, name = '' }: { clientId: number; scopes: readonly ApiKeyScope[]; name?: string }): Promise<ApiKeyListing & { key: string }> {
      const prefix = `pbp_${randomBytes(5).toString('hex')}`;
      const key = `${prefix}_${newToken()}`;
      const [row] = await db
        .insert(apiKeys)
        .values({ clientId, name, prefix, secretHash: sha256Hex(key), scopes: [...new Set(scopes)], createdAt: now() })
        .returning();
      if (!row) throw new Error('The key was not stored');
      return { id: row.id, name: row.name, prefix, scopes: row.scopes, createdAt: row.createdAt, lastUsedAt: null, revokedAt: null, key };
    },

    /** Revokes a key of the client by its prefix: the key revoked, or null when the client has no such live key. */
    async revoke({ clientId, prefix }: { clientId: number; prefix: string }): Promise<{ name: string; prefix: string } | null> {
      const [revoked] = await db
        .update(apiKeys)
        .set({ revokedAt: now() })
        .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
        .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
      return revoked ?? null;
    },

    /** The client's keys, newest first (never their secrets). */
    async list(clientId: number): Promise<ApiKeyListing[]> {
      return db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scopes: apiKeys.scopes,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.clientId, clientId))
        .orderBy(desc(apiKeys.id));
    },

    /** What a bearer token (or none) is: a live key, or why it is refused. */
    async identify(token: string | undefined): Promise<KeyIdentity> {
      if (!token) return { kind: 'refused', reason: 'noKey', prefix: null, clientId: null };
      const prefix = prefixPattern.exec(token)?.[1] ?? null;
      if (!prefix) return { kind: 'refused', reason: 'malformedKey', prefix: null, clientId: null };
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix)).limit(1);
      if (!row) return { kind: 'refused', reason: 'unknownKey', prefix, clientId: null };
      const refused = (reason: KeyRefusalReason): KeyIdentity => ({ kind: 'refused', reason, prefix, clientId: row.clientId });
      if (row.revokedAt !== null) return refused('revokedKey');
      if (!keyPattern.test(token)) return refused('malformedKey');
      if (!constantTimeEqual(row.secretHash, sha256Hex(token))) return refused('wrongSecret');
      return { kind: 'live', caller: { apiKeyId: row.id, clientId: row.clientId, name: row.name, prefix: row.prefix, scopes: row.scopes } };
    },

    /**
     * Records a call refused for its key in the audit trail, as `apiKey.refused` with the reason:
     * under the key's client when the token starts with a prefix of one of its keys (revoked, or
     * another secret), the prefix as the actor; else in the platform's rows (no client), with the
     * prefix when the token has the shape of one. Never the token itself. One row a minute per
     * prefix and address for a client's key, per address for the rest (whose prefixes anyone may
     * make up), at most `MAX_REFUSAL_ROWS_PER_MINUTE` a minute for each lab and for the platform
     * from this process; replicas agree through the rows themselves. Answers whether a row was written.
     */
    async recordRefusal(
      refusal: { reason: KeyRefusalReason; prefix: string | null; clientId: number | null },
      call: { method: string; path: string; ipAddress: string },
    ): Promise<boolean> {
      const at = now();
      const minute = Math.floor(at.getTime() / MINUTE_MS);
      if (refusalWindows.minute !== minute) {
        refusalWindows.written.clear();
        refusalWindows.rows.clear();
      }
      refusalWindows.minute = minute;
      const known = refusal.clientId !== null;
      const trail = known ? `client ${String(refusal.clientId)}` : 'platform';
      const window = known ? `${trail}:${refusal.prefix ?? ''}:${call.ipAddress}` : `${trail}:${call.ipAddress}`;
      const rows = refusalWindows.rows.get(trail) ?? 0;
      if (refusalWindows.written.has(window) || rows >= MAX_REFUSAL_ROWS_PER_MINUTE) return false;
      refusalWindows.written.add(window);
      refusalWindows.rows.set(trail, rows + 1);
      return db.transaction(async (tx) => {
        // Another replica writing this window's row right now holds its lock: that row will do.
        const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtextextended(${`apiKey.refused:${window}`}, 0)) as locked`);
        if (!lock?.locked) return false;
        const [earlier] = await tx
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(
            and(
              refusal.clientId === null ? isNull(auditEvents.clientId) : eq(auditEvents.clientId, refusal.clientId),
              gte(auditEvents.occurredAt, new Date(minute * MINUTE_MS)),
              eq(auditEvents.action, KEY_REFUSED_ACTION),
              eq(auditEvents.ipAddress, call.ipAddress),
              known ? eq(auditEvents.actor, refusal.prefix ?? '') : undefined,
            ),
          )
          .limit(1);
        if (earlier) return false;
        await recordAudit(
          tx,
          {
            clientId: refusal.clientId,
            actorKind: 'apiKey',
            actor: refusal.prefix ?? '',
            action: KEY_REFUSED_ACTION,
            target: `${call.method} ${call.path}`,
            outcome: 'refused',
            detail: refusal.reason,
            ipAddress: call.ipAddress,
          },
          at,
        );
        return true;
      });
    },

    /** Records a call made with a key (in the key's log and the client's audit trail), and when the key was last used. */
    async recordCall(caller: ApiKeyCaller, call: { method: string; path: string; status: number; ipAddress: string }): Promise<void> {
      const at = now();
      await db.insert(apiKeyCalls).values({ clientId: caller.clientId, apiKeyId: caller.apiKeyId, ...call, calledAt: at });
      await recordAudit(
        db,
        {
          clientId: caller.clientId,
          actorKind: 'apiKey',
          actor: keyLabel(caller),
          role: caller.scopes.join(' '),
          action: 'apiKey.call',
          target: `${call.method} ${call.path}`,
          outcome: outcomeOfStatus(call.status),
          detail: String(call.status),
          ipAddress: call.ipAddress,
        },
        at,
      );
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, caller.apiKeyId), sql`${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${at}`));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
