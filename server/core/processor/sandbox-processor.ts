/**
 * The sandbox card processor: it turns a checked card into a single-use token (kept in
 * `processor_tokens` with brand, last four digits and the sandbox outcome, never the number or
 * CVC) and authorizes, captures and voids with them, with the outcome the test numbers ask for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as v from 'valibot';
import { cardBrandSchema, type CardBrand } from '@contracts/processor';
import type { Database } from '../../db/client';
import { processorRefunds, processorTokens } from '../../db/schema';
import type { AuthorizeResult, CardProcessor, CardProcessorFor } from './card-processor';
import { checkCard, type CardInput } from './card-rules';

/** A token is good for 15 minutes, like a real processor's. */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** Spent and expired tokens are swept a day after they expire. */
/** How long a spent or expired card token is kept after its expiry. */
export const TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IssuedToken {
  token: string;
  brand: CardBrand;
  last4: string;
}

/** The sandbox's six-character approval code for an authorization: the same token, the same code. */
export function sandboxAuthorizationCode(authorizationId: string): string {
  return createHash('sha256').update(authorizationId).digest('hex').slice(0, 6).toUpperCase();
}

/** `tok_` and 32 random base64url characters. */
function newCardToken(): string {
  return `tok_${randomBytes(24).toString('base64url')}`;
}

/** Creates the sandbox processor over the database. */
export function createSandboxProcessor({ db, now }: { db: Database; now: () => Date }) {
  /**
   * Authorizes over `executor`: the token is spent whatever the outcome, as a real one would be,
   * and names the authorization. The sandbox's records live in the payment's transaction; a void
   * after that transaction rolled back goes through the database itself.
   */
  const processorFor: CardProcessorFor = (executor): CardProcessor => ({
    async authorize({ token }): Promise<AuthorizeResult> {
      const at = now();
      const [spent] = await executor
        .update(processorTokens)
        .set({ usedAt: at })
        .where(and(eq(processorTokens.token, token), isNull(processorTokens.usedAt), gt(processorTokens.expiresAt, at)))
        .returning({ brand: processorTokens.brand, last4: processorTokens.last4, outcome: processorTokens.outcome });
      if (!spent) return { status: 'tokenInvalid' };
      if (spent.outcome === 'decline') return { status: 'declined' };
      if (spent.outcome === 'insufficientFunds') return { status: 'insufficientFunds' };
      return {
        status: 'approved',
        authorizationId: token,
        authorizationCode: sandboxAuthorizationCode(token),
        brand: v.parse(cardBrandSchema, spent.brand),
        last4: spent.last4,
      };
    },

    async capture(authorizationId): Promise<void> {
      const [captured] = await executor
        .update(processorTokens)
        .set({ capturedAt: now() })
        .where(and(eq(processorTokens.token, authorizationId), isNull(processorTokens.capturedAt), isNull(processorTokens.voidedAt)))
        .returning({ token: processorTokens.token });
      if (!captured) throw new Error('The sandbox has no open authorization to capture');
    },

    async voidAuthorization(authorizationId): Promise<void> {
      const at = now();
      // The token stays spent: a real processor does not hand a used token out again.
      await executor
        .update(processorTokens)
        .set({ usedAt: at, voidedAt: at })
        .where(eq(processorTokens.token, authorizationId));
    },

    async refund({ authorizationId, amountCents, idempotencyKey }): Promise<{ refundId: string }> {
      // The token may be swept by now (a day past its expiry): the sandbox, like a processor, refunds by reference.
      const [made] = await executor
        .insert(processorRefunds)
        .values({ id: `re_${randomBytes(12).toString('base64url')}`, authorizationId, amountCents, idempotencyKey, createdAt: now() })
        .onConflictDoNothing({ target: processorRefunds.idempotencyKey })
        .returning({ id: processorRefunds.id });
      if (made) return { refundId: made.id };
      const [earlier] = await executor.select({ id: processorRefunds.id }).from(processorRefunds).where(eq(processorRefunds.idempotencyKey, idempotencyKey));
      if (!earlier) throw new Error('The sandbox lost a refund');
      return { refundId: earlier.id };
    },
  });

  return {
    /** A token for a valid card, or null when the number, expiry or CVC is wrong. */
    async tokenize(card: CardInput): Promise<IssuedToken | null> {
      const at = now();
      const check = checkCard(card, at);
      if (!check.valid) return null;
      await db.delete(processorTokens).where(lt(processorTokens.expiresAt, new Date(at.getTime() - TOKEN_RETENTION_MS)));
      const token = newCardToken();
      await db.insert(processorTokens).values({
        token,
        brand: check.brand,
        last4: check.last4,
        outcome: check.outcome,
        createdAt: at,
        expiresAt: new Date(at.getTime() + TOKEN_LIFETIME_MS),
      });
      return { token, brand: check.brand, last4: check.last4 };
    },

    processorFor,
  };
}

export type SandboxProcessor = ReturnType<typeof createSandboxProcessor>;
