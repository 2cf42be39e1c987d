/**
 * Registering for a billing account and activating it.
 *
 * - **Register**: a permanent sign-in needs more proof than a guest's one-time payment: the
 *   account number, one of its *open* invoices (a paid one may be lying anywhere) and the
 *   guarantor's postal code, which the statement prints and the invoice stub does not. It goes
 *   under the guest sign-in's throttle keys, so the form is no way around their limits. A billing
 *   account may have several users, each with a sign-in of their own. A new address gets a user
 *   that waits for activation and the activation link, and the account's other users and its
 *   email on file are told at once, with a link that removes the new access: registering is never
 *   silent. An address already registered gets a "someone tried to register with your address"
 *   email instead (with a fresh link if that account still waits). The answer is the same either
 *   way, after the same password-hashing work.
 * - **Remove access**: the notice's link removes the new user's membership of the account (and
 *   the user, when it has no other), ending its sessions there.
 * - **Activate**: the emailed link's token, single-use and good for 24 hours, activates the user.
 * - **Resend**: a new link for an account that still waits; the same answer for any address.
 *
 * Every email about registering is throttled per address and per source address, and with every
 * other form that emails a typed address (`mail/recipient-limits.ts`), so the form cannot be used
 * to flood someone's inbox.
 *
 * Both calls that take an address answer before it is looked at: the request proves the account
 * and reserves the email, and what depends on the address (a new user or a reminder, the link,
 * the email) runs after the answer, in a job the request sends in the transaction of its throttle
 * count (`registrationJob`, `resendLinkJob`). Done in the request, it made a new address a few
 * milliseconds slower than a registered one, and an address waiting for activation twice as slow
 * as an unknown one: enough for an attacker timing the answers to tell them apart. The password is
 * hashed in the request, whatever the address, so that no job holds it in clear.
 */
import * as v from 'valibot';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { isLanguage, languageSchema, type Language } from '@contracts/session';
import type { RegistrationRequest } from '@contracts/registration';
import type { Database } from '../../db/client';
import { sendJob, type JobSender } from '../../jobs/job-definition';
import { accounts, clients as clientsTable, invoices, sessions, userClients, users } from '../../db/schema';
import { hashPassword } from '../../security/password';
import { normaliseReference } from '../accounts/accounts.service';
import { normaliseEmail } from '../../lib/email-address';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, guestThrottleKey, type AttemptOutcome, type Throttled, type ThrottlePolicy, type ThrottleService } from '../throttle/throttle.service';
import type { ClientRow, ClientsService } from '../clients/clients.service';
import { queueEmail } from '../mail/outbox';
import { typedRecipientCheck } from '../mail/recipient-limits';
import { passwordProblem, type PasswordProblem } from '../passwords/passwords.service';
import { consumeToken, issueToken } from '../tokens/tokens.service';
import { accessNoticeEmail, activationEmail, registrationAttemptEmail, registrationLinks } from './registration-emails';

// Windows no longer than the sign-in throttle's: the housekeeping sweep forgets attempts older than that.
/** Registration emails to one address (the form and "send the link again" together): 3 in 15 minutes. */
export const EMAIL_SEND_POLICY: ThrottlePolicy = { freeFailures: 3, windowSeconds: 15 * 60, mode: 'limit' };
/** Registration emails asked for from one source address, to any addresses: 20 in 15 minutes. */
export const SOURCE_SEND_POLICY: ThrottlePolicy = { freeFailures: 20, windowSeconds: 15 * 60, mode: 'limit' };

export type RegisterOutcome =
  | { kind: 'emailSent' }
  | { kind: 'passwordRefused'; problem: PasswordProblem }
  | { kind: 'accountNotFound' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type ResendOutcome = { kind: 'accepted' } | { kind: 'throttled'; retryAfterSeconds: number };

/** Where a request came from and what its emails are written for. */
export interface RequestOrigin {
  /** The peer address, for throttling. */
  sourceAddress: string;
  /** The portal's origin, for the emails' links. */
  portalOrigin: string;
  /** The language of the person asking (a new user's, and the fallback for a known one). */
  language: Language;
}

export interface RegistrationServiceDeps {
  db: Database;
  clients: ClientsService;
  throttle: ThrottleService;
  /** Where the jobs are sent that do the work depending on the address, after the answer. */
  jobs: JobSender;
  now: () => Date;
}

/** The client and the account that a registration proved with an open invoice and the postal code. */
interface ProvenAccount {
  client: ClientRow;
  account: { accountNumber: string; email: string | null };
}

/**
 * A postal code as typed or printed, for comparing: letters upper-cased, spaces and hyphens gone,
 * and a US ZIP+4 cut to its five digits (a statement may print either).
 */
export function normalisePostalCode(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]/g, '');
  return /^\d{9}$/.test(compact) ? compact.slice(0, 5) : compact;
}

/** A user's stored language, or `fallback` when none is stored. */
const languageOr = (value: string | null, fallback: Language): Language => (isLanguage(value) ? value : fallback);

interface RegistrationNotice {
  clientId: number;
  clientName: string;
  account: { accountNumber: string; email: string | null };
  registrant: { id: number; name: string; email: string };
  links: ReturnType<typeof registrationLinks>;
  language: Language;
  time: Date;
}

/**
 * Tells every other registered user of the account, and its email on file, that someone
 * registered for it, each with the link that removes the new access (one token for them all).
 */
async function tellAccountOfRegistration(tx: Database, notice: RegistrationNotice): Promise<void> {
  const others = await tx
    .select({ email: users.email, language: users.language })
    .from(userClients)
    .innerJoin(users, eq(users.id, userClients.userId))
    .where(
      and(
        eq(userClients.clientId, notice.clientId),
        eq(userClients.accountNumber, notice.account.accountNumber),
        ne(userClients.userId, notice.registrant.id),
      ),
    );
  const recipients = new Map<string, Language>(others.map((other) => [other.email, languageOr(other.language, notice.language)]));
  const onFile = notice.account.email === null ? '' : normaliseEmail(notice.account.email);
  if (onFile !== '' && !recipients.has(onFile)) recipients.set(onFile, notice.language);
  // The one who registered knows already.
  recipients.delete(notice.registrant.email);
  if (recipients.size === 0) return;
  const token = await issueToken(tx, { userId: notice.registrant.id, purpose: 'removeAccess', clientId: notice.clientId, now: notice.time });
  for (const [to, language] of recipients) {
    const text = accessNoticeEmail(
      {
        clientName: notice.clientName,
        accountNumber: notice.account.accountNumber,
        registrantName: notice.registrant.name,
        registrantEmail: notice.registrant.email,
        link: notice.links.removeAccess(token),
      },
      language,
    );
    await queueEmail(tx, { clientId: notice.clientId, to, ...text });
  }
}

/**
 * The work behind a registration: who registers (the password already hashed), for which proven
 * account, and the origin and language of the emails. It holds an email address, so the registry
 * keeps it a day at most.
 */
export const registrationJob = {
  name: 'registration.register',
  data: v.object({
    email: v.string(),
    passwordHash: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    company: v.string(),
    clientId: v.number(),
    accountNumber: v.string(),
    portalOrigin: v.string(),
    language: languageSchema,
  }),
};
export type RegistrationJob = v.InferOutput<typeof registrationJob.data>;

/** The work behind "send the link again": the address, and the origin and language of the email. */
export const resendLinkJob = {
  name: 'registration.resend-link',
  data: v.object({ email: v.string(), portalOrigin: v.string(), language: languageSchema }),
};
export type ResendLinkJob = v.InferOutput<typeof resendLinkJob.data>;

/** Creates the registration rules over the database. */
export function createRegistrationService({ db, clients, throttle, jobs, now }: RegistrationServiceDeps) {
  /** Reserves one registration email to `email` from `sourceAddress` in `tx`, or says how long to wait. */
  async function reserveEmail(tx: Database, email: string, sourceAddress: string) {
    return throttle.reserveWithin(tx, [
      { key: `registration-email:${email}`, policy: EMAIL_SEND_POLICY },
      { key: `registration-address:${sourceAddress}`, policy: SOURCE_SEND_POLICY },
      typedRecipientCheck(email),
    ]);
  }

  /**
   * The account that the account number, an open invoice of it and the guarantor's postal code
   * prove, under the client; null when they do not belong together (whichever was wrong).
   */
  async function provenAccount(clientId: number, request: RegistrationRequest) {
    const [row] = await db
      .select({ accountNumber: accounts.accountNumber, postalCode: accounts.guarantorPostalCode, email: accounts.email })
      .from(invoices)
      .innerJoin(accounts, and(eq(accounts.clientId, invoices.clientId), eq(accounts.id, invoices.accountId)))
      .where(
        and(
          eq(invoices.clientId, clientId),
          eq(invoices.invoiceNumber, normaliseReference(request.invoice)),
          eq(accounts.accountNumber, normaliseReference(request.rosterAcct)),
          gt(invoices.balanceCents, 0),
        ),
      )
      .limit(1);
    if (!row?.postalCode || normalisePostalCode(row.postalCode) !== normalisePostalCode(request.postalCode)) return null;
    return { accountNumber: row.accountNumber, email: row.email };
  }

  /**
   * The work behind a registration, after its answer (`registrationJob`'s handler): a new address
   * gets a user waiting for activation and the activation link; a registered one gets a "someone
   * tried to register with your address" email instead (with a fresh link if that account still waits).
   */
  async function registerOrRemind(request: RegistrationJob): Promise<void> {
    const { email, passwordHash } = request;
    const client = await clients.byId(request.clientId);
    const [account] = client
      ? await db
          .select({ accountNumber: accounts.accountNumber, email: accounts.email })
          .from(accounts)
          .where(and(eq(accounts.clientId, client.id), eq(accounts.accountNumber, request.accountNumber)))
          .limit(1)
      : [];
    // Gone since the request proved it (a statement feed removed it): nothing to register for.
    if (!client || !account) return;
    const origin = { portalOrigin: request.portalOrigin, language: request.language };
    const time = now();
    const clientName = client.name || client.code;
    const links = registrationLinks(origin.portalOrigin, client.code);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          company: request.company,
          language: origin.language,
          activatedAt: null,
          passwordChangedAt: time,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) {
        await tx.insert(userClients).values({ userId: created.id, clientId: client.id, accountNumber: account.accountNumber, createdAt: time });
        const token = await issueToken(tx, { userId: created.id, purpose: 'activateAccount', now: time });
        const text = activationEmail({ clientName, firstName: request.firstName, link: links.activation(token) }, origin.language);
        await queueEmail(tx, { clientId: client.id, to: email, ...text });
        await tellAccountOfRegistration(tx, {
          clientId: client.id,
          clientName,
          account,
          registrant: { id: created.id, name: `${request.firstName} ${request.lastName}`, email },
          links,
          language: origin.language,
          time,
        });
        return;
      }
      const [existing] = await tx
        .select({ id: users.id, language: users.language, activatedAt: users.activatedAt })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (!existing) throw new Error('A registered address could not be read back');
      const token = existing.activatedAt === null ? await issueToken(tx, { userId: existing.id, purpose: 'activateAccount', now: time }) : null;
      const text = registrationAttemptEmail(
        { clientName, links, activationLink: token === null ? null : links.activation(token) },
        languageOr(existing.language, origin.language),
      );
      await queueEmail(tx, { clientId: client.id, to: email, ...text });
    });
  }

  /** A user waiting for activation, with a client of theirs (which names the email and its links). */
  const pendingUsers = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        activatedAt: users.activatedAt,
        clientId: clientsTable.id,
        clientCode: clientsTable.code,
        clientName: clientsTable.name,
      })
      .from(users)
      .innerJoin(userClients, eq(userClients.userId, users.id))
      .innerJoin(clientsTable, eq(clientsTable.id, userClients.clientId))
      .$dynamic();

  /** The work behind "send the link again", after its answer (`resendLinkJob`'s handler): a new link for an account that still waits. */
  async function resendLink({ email, ...origin }: ResendLinkJob): Promise<void> {
    // The client the user joined first names the email and its links.
    const [pending] = await pendingUsers()
      .where(and(eq(users.email, email), isNull(users.activatedAt), eq(users.isActive, true)))
      .orderBy(asc(userClients.createdAt), asc(userClients.clientId))
      .limit(1);
    if (pending) await mailActivationLink(pending, origin);
  }

  /** Issues the user a new activation link (the older ones stop working) and emails it, under the client given. */
  async function mailActivationLink(
    pending: { id: number; email: string; firstName: string; language: string | null; clientCode: string; clientName: string; clientId: number },
    origin: Pick<RequestOrigin, 'portalOrigin' | 'language'>,
  ): Promise<void> {
    const { email } = pending;
    const time = now();
    const links = registrationLinks(origin.portalOrigin, pending.clientCode);
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, { userId: pending.id, purpose: 'activateAccount', now: time });
      const text = activationEmail(
        { clientName: pending.clientName || pending.clientCode, firstName: pending.firstName, link: links.activation(token) },
        languageOr(pending.language, origin.language),
      );
      await queueEmail(tx, { clientId: pending.clientId, to: email, ...text });
    });
  }

  return {
    /** `registrationJob`'s handler. */
    registerOrRemind,
    /** `resendLinkJob`'s handler. */
    resendLink,

    /** Registers the person for the account, or says why not; see the module's comment. */
    async register(request: RegistrationRequest, origin: RequestOrigin): Promise<RegisterOutcome> {
      const email = normaliseEmail(request.email);
      const problem = passwordProblem(request.password, email);
      if (problem) return { kind: 'passwordRefused', problem };

      const accountKey = guestThrottleKey(request.clientCode, request.rosterAcct);
      const checks = [
        { key: accountKey, policy: ACCOUNT_POLICY },
        { key: addressKey(origin.sourceAddress), policy: ADDRESS_POLICY },
      ];
      const proof = await throttle.attempt(checks, accountKey, async (): Promise<AttemptOutcome<({ kind: 'proven' } & ProvenAccount) | { kind: 'accountNotFound' }>> => {
        const client = await clients.resolve({ clientCode: request.clientCode, billingGroup: request.billingGroup });
        const account = client ? await provenAccount(client.id, request) : null;
        return client && account ? { succeeded: true, result: { kind: 'proven', client, account } } : { succeeded: false, result: { kind: 'accountNotFound' } };
      });
      if (proof.kind !== 'proven') return proof;
      const { client, account } = proof;

      // Hashed whether or not the address is new, so the answer takes the same time either way.
      const passwordHash = await hashPassword(request.password);
      return db.transaction(async (tx): Promise<RegisterOutcome> => {
        const sending = await reserveEmail(tx, email, origin.sourceAddress);
        if (sending.kind === 'throttled') return sending;
        const job: RegistrationJob = {
          email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          company: request.company,
          clientId: client.id,
          accountNumber: account.accountNumber,
          portalOrigin: origin.portalOrigin,
          language: origin.language,
        };
        await sendJob(jobs, registrationJob, job, { executor: tx });
        return { kind: 'emailSent' };
      });
    },

    /**
     * Removes the access that a notice's link names: the user's membership of the token's client,
     * with the user's sessions there, and the user itself when it has no other membership (its
     * activation link then opens nothing). False for an unknown, used or expired link.
     */
    async removeAccess(token: string): Promise<boolean> {
      const time = now();
      return db.transaction(async (tx) => {
        const used = await consumeToken(tx, 'removeAccess', token, time);
        if (!used?.clientId) return false;
        await tx.delete(userClients).where(and(eq(userClients.userId, used.userId), eq(userClients.clientId, used.clientId)));
        await tx.delete(sessions).where(and(eq(sessions.userId, used.userId), eq(sessions.clientId, used.clientId)));
        const [other] = await tx.select({ clientId: userClients.clientId }).from(userClients).where(eq(userClients.userId, used.userId)).limit(1);
        if (!other) await tx.delete(users).where(eq(users.id, used.userId));
        return true;
      });
    },

    /** Activates the user of an unused, unexpired activation link; false for any other link. */
    async activate(token: string): Promise<boolean> {
      const time = now();
      return db.transaction(async (tx) => {
        const used = await consumeToken(tx, 'activateAccount', token, time);
        if (!used) return false;
        await tx
          .update(users)
          .set({ activatedAt: time })
          .where(and(eq(users.id, used.userId), isNull(users.activatedAt)));
        return true;
      });
    },

    /**
     * Sends a new activation link when an active user with this address still waits for
     * activation (the older link stops working); otherwise nothing, with the same answer.
     */
    async resendActivation(rawEmail: string, origin: RequestOrigin): Promise<ResendOutcome> {
      const email = normaliseEmail(rawEmail);
      return db.transaction(async (tx): Promise<ResendOutcome> => {
        const sending = await reserveEmail(tx, email, origin.sourceAddress);
        if (sending.kind === 'throttled') return sending;
        await sendJob(jobs, resendLinkJob, { email, portalOrigin: origin.portalOrigin, language: origin.language }, { executor: tx });
        return { kind: 'accepted' };
      });
    },

    /**
     * The billing office sends a registered user of its client a new activation link, under its
     * own name, at once: counted with the registration emails to that address (3 in 15 minutes).
     */
    async sendActivationLinkFor(clientId: number, userId: number, origin: RequestOrigin): Promise<'sent' | 'activated' | 'notFound' | Throttled> {
      const [pending] = await pendingUsers()
        .where(and(eq(users.id, userId), eq(userClients.clientId, clientId), eq(users.isActive, true)))
        .limit(1);
      if (!pending) return 'notFound';
      if (pending.activatedAt) return 'activated';
      const sending = await throttle.reserve([{ key: `registration-email:${pending.email}`, policy: EMAIL_SEND_POLICY }]);
      if (sending.kind === 'throttled') return sending;
      await mailActivationLink(pending, origin);
      return 'sent';
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
