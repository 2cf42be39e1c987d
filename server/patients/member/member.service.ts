/**
 * The signed-in user's own account: the member information (name, company, the accounts per
 * client), changing name and company, signing out on every device, and changing the email
 * address. An email change happens only when the link sent to the new address is opened by the
 * same user, signed in; until then nothing of the account changes. Whether the new address
 * belongs to someone else is never said: the request is answered and mailed the same way, and
 * only the link then fails.
 */
import * as v from 'valibot';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FieldErrors } from '@contracts/errors';
import type { MemberDetails, MemberInformation } from '@contracts/member';
import type { EmailChangeRequest, MemberDetailsRequest } from '@contracts/member-requests';
import { defaultLanguage, languageSchema, type Language } from '@contracts/session';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { clients, userClients, users } from '../../db/schema';
import { verifyPassword } from '../../security/password';
import { normaliseEmail } from '../../lib/email-address';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, type ThrottlePolicy, type ThrottleService } from '../../core/throttle/throttle.service';
import { queueEmail } from '../../core/mail/outbox';
import { typedRecipientCheck } from '../../core/mail/recipient-limits';
import { endUserSessions } from '../../core/sessions/session.service';
import { TOKEN_LIFETIMES_MS, consumeToken, issueToken, peekToken, revokeTokens } from '../../core/tokens/tokens.service';
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from './email-change-emails';

/**
 * Links sent per user: a few in a quarter of an hour (a typo, a second try), never a stream of
 * email to addresses of someone's choosing. The window is the sign-in throttle's, whose rows the
 * housekeeping sweep keeps for that long.
 */
export const EMAIL_CHANGE_POLICY: ThrottlePolicy = { freeFailures: 5, windowSeconds: 15 * 60, mode: 'limit' };

/** The throttle key of a user's email-change links. */
const emailChangeKey = (userId: number) => `emailChange:${String(userId)}`;

const HOUR_MS = 60 * 60 * 1000;

/** Who asks for an email change: the signed-in user, under the session's client. */
export interface EmailChangeCaller {
  userId: number;
  clientId: number;
  /** The current address, where the notice goes. */
  email: string;
}

/** What the request's context adds: where the link points, the fallback language, the source. */
export interface EmailChangeContext {
  /** The portal's origin, which the link starts with. */
  origin: string;
  /** The session's language, for a user who never chose one. */
  sessionLanguage: string | null;
  sourceAddress: string;
}

export type EmailChangeOutcome =
  | { kind: 'sent'; newEmail: string }
  | { kind: 'refused'; fields: FieldErrors }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type EmailConfirmationOutcome = { kind: 'changed'; email: string } | { kind: 'failed' };

function asLanguage(value: string | null | undefined): Language | null {
  const parsed = v.safeParse(languageSchema, value);
  return parsed.success ? parsed.output : null;
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

export interface MemberServiceDeps {
  db: Database;
  throttle: ThrottleService;
  now: () => Date;
}

/** Creates the member rules over the database. */
export function createMemberService({ db, throttle, now }: MemberServiceDeps) {
  return {
    /** The user's name, company and accounts (one per client, in the order joined); null without such a user. */
    async information(userId: number): Promise<MemberInformation | null> {
      const [user] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, company: users.company })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) return null;
      const memberships = await db
        .select({
          clientId: userClients.clientId,
          clientCode: clients.code,
          billingGroup: clients.billingGroup,
          clientName: clients.name,
          accountNumber: userClients.accountNumber,
        })
        .from(userClients)
        .innerJoin(clients, eq(clients.id, userClients.clientId))
        .where(eq(userClients.userId, userId))
        .orderBy(asc(userClients.createdAt), asc(userClients.clientId));
      // Everyone registered for each of those accounts, the user included, oldest first.
      const fellow = alias(userClients, 'fellow');
      const registered = await db
        .select({
          clientId: fellow.clientId,
          accountNumber: fellow.accountNumber,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          createdAt: fellow.createdAt,
          activatedAt: users.activatedAt,
        })
        .from(userClients)
        .innerJoin(fellow, and(eq(fellow.clientId, userClients.clientId), eq(fellow.accountNumber, userClients.accountNumber)))
        .innerJoin(users, eq(users.id, fellow.userId))
        .where(eq(userClients.userId, userId))
        .orderBy(asc(fellow.createdAt), asc(users.id));
      const accounts = memberships.map(({ clientId, ...account }) => ({
        ...account,
        registeredUsers: registered
          .filter((row) => row.clientId === clientId && row.accountNumber === account.accountNumber)
          .map((row) => ({
            name: `${row.firstName} ${row.lastName}`,
            email: row.email,
            registeredOn: row.createdAt.toISOString().slice(0, 10),
            activated: row.activatedAt !== null,
          })),
      }));
      return { ...user, accounts };
    },

    /** Stores a new name and company (already validated); returns them as stored, or null without such a user. */
    async updateDetails(userId: number, details: MemberDetailsRequest): Promise<MemberDetails | null> {
      const [updated] = await db
        .update(users)
        .set({ firstName: details.firstName, lastName: details.lastName, company: details.company })
        .where(eq(users.id, userId))
        .returning({ firstName: users.firstName, lastName: users.lastName, company: users.company });
      return updated ?? null;
    },

    /** Ends every session of the user, the one asking included; returns how many ended. */
    signOutEverywhere(userId: number): Promise<number> {
      return endUserSessions(db, userId);
    },

    /**
     * Asks for an email change: checks the current password (throttled like a sign-in, since it
     * is one more place to guess it), then sends a single-use link to the new address and a
     * notice to the current one. A new address that is someone else's is treated like any other.
     */
    async requestEmailChange(caller: EmailChangeCaller, request: EmailChangeRequest, context: EmailChangeContext): Promise<EmailChangeOutcome> {
      const newEmail = normaliseEmail(request.newEmail);
      const accountKey = normaliseEmail(caller.email);
      if (newEmail === accountKey) return { kind: 'refused', fields: { newEmail: 'invalid' } };

      const checks = [
        { key: accountKey, policy: ACCOUNT_POLICY },
        { key: addressKey(context.sourceAddress), policy: ADDRESS_POLICY },
      ];
      const checked = await throttle.attempt(checks, accountKey, async () => {
        const [found] = await db
          .select({ passwordHash: users.passwordHash, language: users.language })
          .from(users)
          .where(eq(users.id, caller.userId))
          .limit(1);
        const ok = found !== undefined && (await verifyPassword(request.password, found.passwordHash));
        return { succeeded: ok, result: ok ? { kind: 'passwordOk' as const, language: found.language } : { kind: 'wrongPassword' as const } };
      });
      if (checked.kind === 'throttled') return checked;
      if (checked.kind === 'wrongPassword') return { kind: 'refused', fields: { password: 'invalid' } };

      // Per user, and per new address across every sender and form: six accounts asking for one
      // victim's address send it no more than one could.
      const quota = await throttle.reserve([{ key: emailChangeKey(caller.userId), policy: EMAIL_CHANGE_POLICY }, typedRecipientCheck(newEmail)]);
      if (quota.kind === 'throttled') return { kind: 'throttled', retryAfterSeconds: quota.retryAfterSeconds };

      const [client] = await db.select({ code: clients.code, name: clients.name }).from(clients).where(eq(clients.id, caller.clientId)).limit(1);
      if (!client) throw new Error(`No client ${String(caller.clientId)} for an email change`);
      const clientName = client.name || client.code;
      const language = asLanguage(checked.language) ?? asLanguage(context.sessionLanguage) ?? defaultLanguage;
      const hours = TOKEN_LIFETIMES_MS.confirmEmail / HOUR_MS;

      const token = await issueToken(db, { userId: caller.userId, purpose: 'confirmEmail', newEmail, now: now() });
      // In the fragment, which browsers never send to a server: no log or proxy sees the token.
      const link = `${context.origin}/${client.code}/confirmation/update#token=${token}`;
      await db.transaction(async (tx) => {
        await queueEmail(tx, { clientId: caller.clientId, to: newEmail, ...emailChangeConfirmationEmail(language, { clientName, newEmail, link, hours }) });
        await queueEmail(tx, {
          clientId: caller.clientId,
          to: caller.email,
          ...emailChangeNoticeEmail(language, { clientName, currentEmail: caller.email, newEmail, hours }),
        });
      });
      return { kind: 'sent', newEmail };
    },

    /**
     * Opens the link: when it is the user's, unused and unexpired, the address changes (and reset
     * links sent to the old address stop working). A link whose address was taken meanwhile is
     * spent and fails, like a used one.
     */
    async confirmEmailChange(userId: number, token: string): Promise<EmailConfirmationOutcome> {
      const time = now();
      const failed: EmailConfirmationOutcome = { kind: 'failed' };
      try {
        return await db.transaction(async (tx) => {
          // Looked at first: someone else signed in on this browser must not spend the owner's link.
          const pending = await peekToken(tx, 'confirmEmail', token, time);
          if (!pending || pending.userId !== userId || pending.newEmail === null) return failed;
          const spent = await consumeToken(tx, 'confirmEmail', token, time);
          if (!spent?.newEmail) return failed;
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, spent.newEmail), ne(users.id, userId)))
            .limit(1);
          if (taken) return failed;
          await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, userId));
          await revokeTokens(tx, userId, 'resetPassword');
          return { kind: 'changed', email: spent.newEmail } satisfies EmailConfirmationOutcome;
        });
      } catch (error) {
        // Taken by another change at the same moment: the unique index had the last word.
        if (isUniqueViolation(error)) return failed;
        throw error;
      }
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
