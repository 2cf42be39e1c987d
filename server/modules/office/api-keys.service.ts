/**
 * A client's API keys for the billing office's API. A key is `pbp_<10 hex>_<43 base64url>`: the
 * first part (its prefix) names it in lists and logs; only the SHA-256 of the whole key is kept,
 * so the key is shown once, when it is made. A revoked key stays listed and no longer works.
 * Every call made with a key is recorded with its key, method, path, answer and address.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@contracts/office';
import type { Database } from '../../db/client';
import { apiKeyCalls, apiKeys } from '../../db/schema';
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

export function createApiKeysService({ db, now }: { db: Database; now: () => Date }) {
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

    /** Revokes a key of the client by its prefix; false when the client has no such live key. */
    async revoke({ clientId, prefix }: { clientId: number; prefix: string }): Promise<boolean> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: now() })
        .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return revoked.length > 0;
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

    /** The live key a bearer token is, or null (unknown, malformed or revoked alike). */
    async authenticate(token: string): Promise<ApiKeyCaller | null> {
      const prefix = keyPattern.exec(token)?.[1];
      if (!prefix) return null;
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix)).limit(1);
      if (!row || row.revokedAt !== null || !constantTimeEqual(row.secretHash, sha256Hex(token))) return null;
      return { apiKeyId: row.id, clientId: row.clientId, prefix: row.prefix, scopes: row.scopes };
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
          actor: caller.prefix,
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
