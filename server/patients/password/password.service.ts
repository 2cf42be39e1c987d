/**
 * Getting back in and changing the password: a reset link by email (single-use, one hour), the
 * new password it sets, the expiry the session asks about, and the change a signed-in user makes.
 * Every change ends the user's other sessions and tells the address it happened.
 *
 * Asking for a reset link answers before the address is looked at: the request is validated and
 * throttled, and the lookup, the link and the email run after the answer, in a job the request
 * sends in the transaction of its throttle count (`resetLinkJob`, run by the job registry). So
 * the answer takes the same time whether or not the address has an account; done in the request,
 * a known address took twice as long as an unknown one, and an attacker could tell them apart. A
 * job outlives a crash of the server that answered: the email goes out after a restart.
 */
import * as v from 'valibot';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordRequest, NewPasswordProblem, ResetPasswordRequest } from '@contracts/password-requests';
import { defaultLanguage, languageSchema, type Language } from '@contracts/session';
import type { Database } from '../../db/client';
import { sendJob, type JobSender } from '../../jobs/job-definition';
import { userClients, userTokens, users } from '../../db/schema';
import { verifyPassword } from '../../security/password';
import { normaliseEmail } from '../../lib/email-address';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, type ThrottlePolicy, type ThrottleService } from '../../core/throttle/throttle.service';
import type { ClientRow, ClientsService } from '../../core/clients/clients.service';
import { queueEmail } from '../../core/mail/outbox';
import { typedRecipientCheck } from '../../core/mail/recipient-limits';
import { passwordExpiryOf, passwordProblem, setNewPassword, type PasswordExpiry } from '../../core/passwords/passwords.service';
import { endUserSessions } from '../../core/sessions/session.service';
import { consumeToken, issueToken, peekToken, TOKEN_LIFETIMES_MS } from '../../core/tokens/tokens.service';
import { passwordChangedEmail, resetLinkEmail, type PasswordChangeKind } from './password-emails';

/**
 * A new reset email for the same user waits this long after the last: asking twice in a row
 * (the first email is slow) sends nothing new, and nobody can fill an inbox with them. The link
 * already sent keeps working.
 */
export const RESET_EMAIL_COOLDOWN_MS = 2 * 60 * 1000;

/**
 * Reset requests naming one email address, whether or not it has an account (so the 429 tells
 * nothing either): 5 in 15 minutes.
 */
export const RESET_EMAIL_POLICY: ThrottlePolicy = { freeFailures: 5, windowSeconds: 15 * 60, mode: 'limit' };
/** Reset requests per source address, across all addresses asked about: 20 in 15 minutes. */
export const RESET_ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, windowSeconds: 15 * 60, mode: 'limit' };

/** Where a request came from and where the portal's pages are, for the links in the emails. */
export interface RequestOrigin {
  /** The socket's address (throttling). */
  sourceAddress: string;
  /** The portal's origin, e.g. `https://portal.example.org`. */
  portalOrigin: string;
}

/** The client a request names (the page it came from), for the email's name and links. */
export interface RequestedClient {
  clientCode?: string | undefined;
  billingGroup?: string | undefined;
}

export type ResetRequestOutcome = { kind: 'sent' } | { kind: 'throttled'; retryAfterSeconds: number };

export type ResetOutcome = { kind: 'reset' } | { kind: 'linkInvalid' } | { kind: 'refused'; problem: NewPasswordProblem };

export type UpdateOutcome =
  | { kind: 'changed'; expiry: PasswordExpiry }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'refused'; currentPassword?: 'incorrect'; newPassword?: NewPasswordProblem };

/** What a password change needs to know about the user. */
interface UserRow {
  id: number;
  email: string;
  firstName: string;
  language: string | null;
  isActive: boolean;
  activatedAt: Date | null;
}

/** The signed-in user changing their password, as the session says. */
export interface PasswordCaller {
  userId: number;
  clientId: number;
  email: string;
  /** The session asking: it stays signed in. */
  sessionId: string;
  /** The session's language, for a user with none saved. */
  sessionLanguage: string | null;
}

export interface PasswordServiceDeps {
  db: Database;
  clients: ClientsService;
  throttle: ThrottleService;
  /** Where the reset link's job is sent: its lookup and email run after the answer. */
  jobs: JobSender;
  now: () => Date;
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  isActive: users.isActive,
  activatedAt: users.activatedAt,
};

/** The first of the languages that the portal speaks, else the default. */
function languageOf(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const parsed = v.safeParse(languageSchema, candidate);
    if (parsed.success) return parsed.output;
  }
  return defaultLanguage;
}

/** A page of the portal under a client's code (or bare), as a link an email can carry. */
function pageLink(origin: string, client: ClientRow | null, page: string): string {
  return `${origin}${client ? `/${client.code}` : ''}/${page}`;
}

/** Two passwords that the sign-in would take as the same (it hashes them after NFKC). */
function samePassword(a: string, b: string): boolean {
  return a.normalize('NFKC') === b.normalize('NFKC');
}

/**
 * The work behind a reset request: the address asked about, the client and language the page
 * named (the user's own language comes first), and the portal's origin for the link. It holds an
 * email address, so the registry keeps it a day at most.
 */
export const resetLinkJob = {
  name: 'password.reset-link',
  data: v.object({
    email: v.string(),
    clientCode: v.optional(v.string()),
    billingGroup: v.optional(v.string()),
    language: v.nullable(v.string()),
    portalOrigin: v.string(),
  }),
};
export type ResetLinkJob = v.InferOutput<typeof resetLinkJob.data>;

/** Creates the password rules over the database. */
export function createPasswordService({ db, clients, throttle, jobs, now }: PasswordServiceDeps) {
  async function userById(userId: number): Promise<UserRow | null> {
    const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /**
   * The client an email speaks for: the one the request names when the user belongs to it, else
   * the one the user joined first; null for a user of no client.
   */
  async function emailClient(userId: number, requested: RequestedClient): Promise<ClientRow | null> {
    const named = requested.clientCode ? await clients.resolve({ clientCode: requested.clientCode, billingGroup: requested.billingGroup }) : null;
    const [membership] = await db
      .select({ clientId: userClients.clientId })
      .from(userClients)
      .where(named ? and(eq(userClients.userId, userId), eq(userClients.clientId, named.id)) : eq(userClients.userId, userId))
      .orderBy(asc(userClients.createdAt), asc(userClients.clientId))
      .limit(1);
    if (membership) return clients.byId(membership.clientId);
    return named ? emailClient(userId, {}) : null;
  }

  /** Whether a reset email went to the user so recently that another would only crowd the inbox. */
  async function hasRecentResetEmail(tx: Database, userId: number, time: Date): Promise<boolean> {
    const [recent] = await tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, 'resetPassword'),
          isNull(userTokens.usedAt),
          gt(userTokens.createdAt, new Date(time.getTime() - RESET_EMAIL_COOLDOWN_MS)),
        ),
      )
      .limit(1);
    return recent !== undefined;
  }

  /**
   * The work behind a reset request, after its answer (`resetLinkJob`'s handler): an active user
   * with the address gets a link, unless one went out within the cool-down. Under a lock per user,
   * so that two requests in a row (whose work may overlap) send one email, across replicas too;
   * the cool-down also keeps a retried job from sending a second.
   */
  async function sendResetLink({ email, clientCode, billingGroup, language: asked, portalOrigin }: ResetLinkJob): Promise<void> {
    const [user] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
    if (!user?.isActive) return;
    const client = await emailClient(user.id, { clientCode, billingGroup });
    const language = languageOf(user.language, asked);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reset-link:${String(user.id)}`}, 0))`);
      const time = now();
      if (await hasRecentResetEmail(tx, user.id, time)) return;
      const token = await issueToken(tx, { userId: user.id, purpose: 'resetPassword', now: time });
      // In the fragment, which browsers never send to a server: no log, proxy or Referer sees it.
      const link = `${pageLink(portalOrigin, client, 'resetpassword')}#token=${token}`;
      const text = resetLinkEmail(
        { email: user.email, firstName: user.firstName, clientName: client ? client.name || client.code : '', language },
        link,
        TOKEN_LIFETIMES_MS.resetPassword,
      );
      await queueEmail(tx, { clientId: client?.id ?? null, to: user.email, language, ...text });
    });
  }

  /**
   * What every password change does, in one transaction with the change itself (`tx`): the user's
   * sessions end (all of them after a reset; all but the asking one after an update) and the
   * notice is queued. If any of it fails, none of it happened.
   */
  async function afterPasswordChange(tx: Database, user: UserRow, kind: PasswordChangeKind, client: ClientRow | null, language: Language, origin: string, keepSession?: string) {
    const time = now();
    await endUserSessions(tx, user.id, keepSession === undefined ? {} : { except: keepSession });
    // Opening the link proved the address is theirs, which is all that activation asks.
    if (kind === 'reset' && user.activatedAt === null) await tx.update(users).set({ activatedAt: time }).where(eq(users.id, user.id));
    const clientName = client ? client.name || client.code : '';
    const email = passwordChangedEmail({ email: user.email, firstName: user.firstName, clientName, language }, kind, time, pageLink(origin, client, 'forgotpassword'));
    await queueEmail(tx, { clientId: client?.id ?? null, to: user.email, language, ...email });
  }

  return {
    /** `resetLinkJob`'s handler. */
    sendResetLink,

    /**
     * Sends a reset link to the address when an active user has it, and nothing otherwise; the
     * outcome is the same either way, and so is its timing: the lookup and the email run after
     * the answer (see the module's comment), so nobody learns which addresses have accounts.
     * Throttled per address asked about, per source address, and with every other form that
     * emails a typed address (`mail/recipient-limits.ts`), counting every request alike.
     */
    async requestReset(request: ForgotPasswordRequest, origin: RequestOrigin, sessionLanguage: string | null): Promise<ResetRequestOutcome> {
      const email = normaliseEmail(request.email);
      return db.transaction(async (tx): Promise<ResetRequestOutcome> => {
        const reservation = await throttle.reserveWithin(tx, [
          { key: `reset-email:${email}`, policy: RESET_EMAIL_POLICY },
          { key: `reset:${addressKey(origin.sourceAddress)}`, policy: RESET_ADDRESS_POLICY },
          typedRecipientCheck(email),
        ]);
        if (reservation.kind === 'throttled') return reservation;
        const job: ResetLinkJob = {
          email,
          ...(request.clientCode === undefined ? {} : { clientCode: request.clientCode }),
          ...(request.billingGroup === undefined ? {} : { billingGroup: request.billingGroup }),
          language: request.language ?? sessionLanguage,
          portalOrigin: origin.portalOrigin,
        };
        await sendJob(jobs, resetLinkJob, job, { executor: tx });
        return { kind: 'sent' };
      });
    },

    /** The address a reset link is for while it still works (not spending it); null otherwise. */
    async checkResetLink(token: string): Promise<{ email: string } | null> {
      const found = await peekToken(db, 'resetPassword', token, now());
      const user = found ? await userById(found.userId) : null;
      return user?.isActive ? { email: user.email } : null;
    },

    /**
     * Spends a reset link on a new password. A password against the rules leaves the link
     * working, so the person can try another; a good one ends every session of the user and
     * sends the notice.
     */
    async resetPassword(request: ResetPasswordRequest, portalOrigin: string, sessionLanguage: string | null): Promise<ResetOutcome> {
      const found = await peekToken(db, 'resetPassword', request.token, now());
      const user = found ? await userById(found.userId) : null;
      if (!user?.isActive) return { kind: 'linkInvalid' };
      const problem = passwordProblem(request.password, user.email);
      if (problem) return { kind: 'refused', problem };
      const client = await emailClient(user.id, request);
      const language = languageOf(user.language, request.language, sessionLanguage);
      return db.transaction(async (tx): Promise<ResetOutcome> => {
        // Of two requests with the same link, only one gets past this.
        if (!(await consumeToken(tx, 'resetPassword', request.token, now()))) return { kind: 'linkInvalid' };
        await setNewPassword(tx, user.id, request.password, now());
        await afterPasswordChange(tx, user, 'reset', client, language, portalOrigin);
        return { kind: 'reset' };
      });
    },

    /** The expiry of the caller's password under the session's client (GET /api/User/GetIsPasswordExpired). */
    async passwordExpiry(userId: number, clientId: number): Promise<PasswordExpiry> {
      // A membership gone since the session loaded is refused before here; "never" is the safe answer.
      return (await passwordExpiryOf(db, userId, clientId, now())) ?? { isPasswordExpired: false, daysUntilExpiry: -1 };
    },

    /**
     * A signed-in user changes the password: the current one must be right (a wrong one counts as
     * a failed sign-in, so the session cannot be used to guess it), the new one must keep the
     * rules and differ from it. The asking session stays; the others end.
     */
    async updatePassword(
      caller: PasswordCaller,
      request: { currentPassword: string; newPassword: string },
      origin: RequestOrigin,
    ): Promise<UpdateOutcome> {
      const accountKey = normaliseEmail(caller.email);
      const checks = [
        { key: accountKey, policy: ACCOUNT_POLICY },
        { key: addressKey(origin.sourceAddress), policy: ADDRESS_POLICY },
      ];
      // A wrong current password counts as a failed sign-in.
      const checked = await throttle.attempt(checks, accountKey, async () => {
        const [found] = await db.select({ ...userColumns, passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId)).limit(1);
        const ok = found ? await verifyPassword(request.currentPassword, found.passwordHash) : false;
        return { succeeded: ok, result: { kind: 'checked' as const, row: found, currentOk: ok } };
      });
      if (checked.kind === 'throttled') return checked;
      const { row, currentOk } = checked;
      if (!row) return { kind: 'refused', currentPassword: 'incorrect' };
      const newProblem: NewPasswordProblem | null =
        passwordProblem(request.newPassword, row.email) ?? (currentOk && samePassword(request.newPassword, request.currentPassword) ? 'sameAsCurrent' : null);
      if (!currentOk || newProblem) {
        return { kind: 'refused', ...(currentOk ? {} : { currentPassword: 'incorrect' as const }), ...(newProblem ? { newPassword: newProblem } : {}) };
      }

      const client = await clients.byId(caller.clientId);
      const language = languageOf(row.language, caller.sessionLanguage);
      await db.transaction(async (tx) => {
        await setNewPassword(tx, row.id, request.newPassword, now());
        await afterPasswordChange(tx, row, 'update', client, language, origin.portalOrigin, caller.sessionId);
      });
      return { kind: 'changed', expiry: await this.passwordExpiry(row.id, caller.clientId) };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
