/**
 * A client's staff and how they sign in. A staff member is invited by email (the operator's
 * command for a client's first admin, an office admin for the rest); the invitation link sets a
 * password, and a second factor must be set up before anything else: a passkey (WebAuthn) or an
 * authenticator app (TOTP), with ten one-time recovery codes. Every sign-in is the password, then
 * the second factor. Failures are throttled as patients' sign-ins are, per staff member and per
 * source address, and every outcome is in the audit trail. An authenticator app's secret is
 * stored sealed (`secrets`; server/security/stored-secrets.ts), plain only in memory; one that no
 * longer opens (its key lost) counts as no app, so its owner sets the app up again after the password.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  RECOVERY_CODE_COUNT,
  recoveryCodeShape,
  type InviteStaffRequest,
  type SecondFactors,
  type StaffMember,
  type StaffRole,
  type StaffSignInRequest,
} from '@contracts/console';
import type { Database } from '../../db/client';
import { clients, staffInvitations, staffMembers, staffPasskeys, staffRecoveryCodes } from '../../db/schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/password';
import type { SecretBox } from '../../security/secret-box';
import { openOrNull, secretPurpose } from '../../security/stored-secrets';
import { newToken, randomBase32, sha256Hex } from '../../security/tokens';
import { recordAudit, type AuditEntry } from '../../core/audit/audit.service';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, type ThrottleService } from '../../core/throttle/throttle.service';
import { normaliseEmail } from '../../lib/email-address';
import { queueEmail } from '../../core/mail/outbox';
import { passwordProblem, type PasswordProblem } from '../../core/passwords/passwords.service';
import type { StaffSessionRecord, StaffSessions } from '../../core/sessions/staff-sessions';
import { staffInvitationEmail } from './staff-emails';

/** An invitation link works this long. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A code from an authenticator app is taken from the step before or after too (clocks drift). */
const TOTP_TOLERANCE_SECONDS = 30;
const ISSUER = 'Patient billing portal';

/** Where the request came from: the address for throttling and the trail, the origin for passkeys and links. */
export interface RequestOrigin {
  ipAddress: string;
  /** `https://portal.example`: passkeys are bound to its host name, links point at it. */
  origin: string;
}

export type SignInOutcome =
  | { kind: 'secondFactor'; token: string; factors: SecondFactors }
  | { kind: 'enrol'; token: string; email: string }
  | { kind: 'invalidCredentials' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** A second factor's outcome; once signed in, the session's new token for the cookie. */
export type FactorOutcome = { kind: 'signedIn'; token: string } | { kind: 'invalidCredentials' } | { kind: 'throttled'; retryAfterSeconds: number };
export type EnrolOutcome = { kind: 'enrolled'; recoveryCodes: string[]; token: string } | { kind: 'invalidCredentials' };

export type Refusal<T extends string> = { kind: 'refused'; reason: T };

/** The RFC 6238 time step a code matched, or null when it did not. */
function matchedStep(result: { valid: boolean } | null): number | null {
  return result?.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

const secondFactorKey = (staffId: number) => `staff-factor:${String(staffId)}`;
const signInKey = (clientId: number, email: string) => `staff:${String(clientId)}:${email}`;


function toMember(row: typeof staffMembers.$inferSelect, secondFactor: boolean): StaffMember {
  return { id: row.id, email: row.email, role: row.role, status: row.status, secondFactor, createdAt: row.createdAt.toISOString() };
}

export function createStaffService({
  db,
  sessions,
  throttle,
  now,
  secrets,
}: {
  db: Database;
  sessions: StaffSessions;
  throttle: ThrottleService;
  now: () => Date;
  /** Seals the authenticator apps' secrets for the database and opens them. */
  secrets: SecretBox;
}) {
  const audit = (entry: AuditEntry) => recordAudit(db, entry, now());

  /** The staff member's authenticator secret, opened; null without one, or when it does not open. */
  const totpSecretOf = (row: { id: number; totpSecret: string | null }): string | null =>
    row.totpSecret === null ? null : openOrNull(secrets, row.totpSecret, secretPurpose.totpSecret(row.id));

  async function factorsOf(row: { id: number; totpSecret: string | null }): Promise<SecondFactors> {
    const [passkeys] = await db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, row.id));
    return { passkey: (passkeys?.n ?? 0) > 0, authenticatorApp: totpSecretOf(row) !== null };
  }

  async function staffRow(staffId: number) {
    const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, staffId)).limit(1);
    return row ?? null;
  }

  /** Ten new recovery codes for the staff member (any old ones gone); the codes are returned once. */
  async function newRecoveryCodes(tx: Pick<Database, 'insert' | 'delete'>, staffId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const raw = randomBase32(8);
      return `${raw.slice(0, 4)}-${raw.slice(4)}`;
    });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: sha256Hex(recoveryCodeShape(code)) })));
    return codes;
  }

  const entryFor = (session: StaffSessionRecord, action: string, outcome: AuditEntry['outcome'], from: RequestOrigin, detail = ''): AuditEntry => ({
    clientId: session.clientId,
    actorKind: 'staff',
    actor: session.email,
    role: session.role,
    action,
    outcome,
    detail,
    ipAddress: from.ipAddress,
  });

  /** The second factor is proven: the session is signed in, and the trail says how. */
  async function signedIn(session: StaffSessionRecord, how: string, from: RequestOrigin): Promise<FactorOutcome> {
    const token = await sessions.advance(session, 'verified');
    await audit(entryFor(session, 'staff.signIn', 'ok', from, how));
    return { kind: 'signedIn', token };
  }

  /** Runs a second-factor check under the staff member's throttle; a failure is in the trail. */
  async function throttledFactor(session: StaffSessionRecord, how: string, from: RequestOrigin, check: () => Promise<boolean>): Promise<FactorOutcome> {
    const key = secondFactorKey(session.staffId);
    const outcome = await throttle.attempt([{ key, policy: ACCOUNT_POLICY }, { key: addressKey(from.ipAddress), policy: ADDRESS_POLICY }], key, async () => {
      const ok = await check();
      return { succeeded: ok, result: ok };
    });
    if (typeof outcome !== 'boolean') {
      await audit(entryFor(session, 'staff.secondFactor', 'refused', from, `${how} tooManyRequests`));
      return outcome;
    }
    if (!outcome) {
      await audit(entryFor(session, 'staff.secondFactor', 'refused', from, `${how} invalidCredentials`));
      return { kind: 'invalidCredentials' };
    }
    return signedIn(session, how, from);
  }

  const rpIdOf = (from: RequestOrigin) => new URL(from.origin).hostname;

    /** The client's staff, first invited first. */
  async function list(clientId: number): Promise<StaffMember[]> {
    const rows = await db.select().from(staffMembers).where(eq(staffMembers.clientId, clientId)).orderBy(asc(staffMembers.id));
    const withPasskeys = new Set(
      rows.length === 0
        ? []
        : (await db.selectDistinct({ staffId: staffPasskeys.staffId }).from(staffPasskeys).where(inArray(staffPasskeys.staffId, rows.map((row) => row.id)))).map((row) => row.staffId),
    );
    return rows.map((row) => toMember(row, row.totpSecret !== null || withPasskeys.has(row.id)));
  }


  return {
    /** The password step: a session owing its second factor (or, never set up, one to set up). */
    async signIn(request: StaffSignInRequest, from: RequestOrigin): Promise<SignInOutcome> {
      const email = normaliseEmail(request.email);
      const code = request.clientCode.toUpperCase();
      const [row] = await db
        .select({ staff: staffMembers })
        .from(staffMembers)
        .innerJoin(clients, eq(clients.id, staffMembers.clientId))
        .where(and(eq(clients.code, code), eq(staffMembers.email, email), ne(staffMembers.status, 'invited')))
        .orderBy(asc(staffMembers.id))
        .limit(1);
      const staff = row?.staff;
      const key = signInKey(staff?.clientId ?? 0, email);
      const outcome = await throttle.attempt([{ key, policy: ACCOUNT_POLICY }, { key: addressKey(from.ipAddress), policy: ADDRESS_POLICY }], key, async () => {
        const ok = staff?.passwordHash ? await verifyPassword(request.password, staff.passwordHash) : await verifyAgainstDummy(request.password);
        return { succeeded: ok && staff?.status === 'active', result: ok };
      });
      const trail = (outcome: AuditEntry['outcome'], detail: string) =>
        staff ? audit({ clientId: staff.clientId, actorKind: 'staff', actor: email, role: staff.role, action: 'staff.password', outcome, detail, ipAddress: from.ipAddress }) : Promise.resolve();
      if (typeof outcome !== 'boolean') {
        await trail('refused', 'tooManyRequests');
        return outcome;
      }
      if (!outcome || !staff || staff.status !== 'active') {
        await trail('refused', 'invalidCredentials');
        return { kind: 'invalidCredentials' };
      }
      const factors = await factorsOf(staff);
      await trail('ok', '');
      if (!factors.passkey && !factors.authenticatorApp) return { kind: 'enrol', token: await sessions.create(staff.id, 'enrol'), email };
      return { kind: 'secondFactor', token: await sessions.create(staff.id, 'password'), factors };
    },

    /** The second factors the session's staff member has. */
    async factors(session: StaffSessionRecord): Promise<SecondFactors> {
      const row = await staffRow(session.staffId);
      return factorsOf(row ?? { id: session.staffId, totpSecret: null });
    },

    /** A six-digit code from the app (each time step good once), or an unused recovery code. */
    async signInWithCode(session: StaffSessionRecord, typed: string, from: RequestOrigin): Promise<FactorOutcome> {
      const code = typed.replace(/\s/g, '');
      if (/^\d{6}$/.test(code)) {
        return throttledFactor(session, 'authenticatorApp', from, async () => {
          const row = await staffRow(session.staffId);
          const secret = row ? totpSecretOf(row) : null;
          if (!row || secret === null) return false;
          const result = await verifyTotp({
            secret,
            token: code,
            epoch: Math.floor(now().getTime() / 1000),
            epochTolerance: TOTP_TOLERANCE_SECONDS,
            ...(row.totpLastStep === null ? {} : { afterTimeStep: row.totpLastStep }),
          });
          const step = matchedStep(result);
          if (step === null) return false;
          // The step is taken once: a second use of the same code (or an older one) is refused.
          const taken = await db
            .update(staffMembers)
            .set({ totpLastStep: step })
            .where(and(eq(staffMembers.id, row.id), row.totpLastStep === null ? isNull(staffMembers.totpLastStep) : eq(staffMembers.totpLastStep, row.totpLastStep)))
            .returning({ id: staffMembers.id });
          return taken.length === 1;
        });
      }
      return throttledFactor(session, 'recoveryCode', from, async () => {
        const used = await db
          .update(staffRecoveryCodes)
          .set({ usedAt: now() })
          .where(and(eq(staffRecoveryCodes.staffId, session.staffId), eq(staffRecoveryCodes.codeHash, sha256Hex(recoveryCodeShape(code))), isNull(staffRecoveryCodes.usedAt)))
          .returning({ id: staffRecoveryCodes.id });
        return used.length === 1;
      });
    },

    /** A passkey sign-in's options: the staff member's passkeys and a fresh challenge kept on the session. */
    async passkeySignInOptions(session: StaffSessionRecord, from: RequestOrigin): Promise<Record<string, unknown>> {
      const passkeys = await db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, session.staffId));
      const options = await generateAuthenticationOptions({
        rpID: rpIdOf(from),
        allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
        userVerification: 'preferred',
      });
      await sessions.remember(session.id, { challenge: options.challenge });
      return { ...options };
    },

    async signInWithPasskey(session: StaffSessionRecord, response: Record<string, unknown>, from: RequestOrigin): Promise<FactorOutcome> {
      return throttledFactor(session, 'passkey', from, async () => {
        const answer = response as unknown as AuthenticationResponseJSON;
        const challenge = session.challenge;
        await sessions.remember(session.id, { challenge: null });
        if (!challenge || typeof answer.id !== 'string') return false;
        const [passkey] = await db
          .select()
          .from(staffPasskeys)
          .where(and(eq(staffPasskeys.id, answer.id), eq(staffPasskeys.staffId, session.staffId)))
          .limit(1);
        if (!passkey) return false;
        const verification = await verifyAuthenticationResponse({
          response: answer,
          expectedChallenge: challenge,
          expectedOrigin: from.origin,
          expectedRPID: rpIdOf(from),
          credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
          requireUserVerification: false,
        }).catch(() => null);
        if (!verification?.verified) return false;
        await db
          .update(staffPasskeys)
          .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now() })
          .where(eq(staffPasskeys.id, passkey.id));
        return true;
      });
    },

    /** An invitation link sets the password: a session that must set up a second factor next. */
    async acceptInvitation(
      request: { token: string; password: string },
      from: RequestOrigin,
    ): Promise<{ kind: 'enrol'; token: string; email: string } | Refusal<'linkInvalid'> | { kind: 'badPassword'; problem: PasswordProblem }> {
      const [found] = await db
        .select({ invitation: staffInvitations, staff: staffMembers })
        .from(staffInvitations)
        .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
        .where(eq(staffInvitations.id, sha256Hex(request.token)))
        .limit(1);
      if (!found || found.invitation.usedAt !== null || found.invitation.expiresAt <= now() || found.staff.status === 'deactivated') {
        return { kind: 'refused', reason: 'linkInvalid' };
      }
      const problem = passwordProblem(request.password, found.staff.email);
      if (problem) return { kind: 'badPassword', problem };
      const passwordHash = await hashPassword(request.password);
      const at = now();
      const spent = await db.transaction(async (tx) => {
        const used = await tx
          .update(staffInvitations)
          .set({ usedAt: at })
          .where(and(eq(staffInvitations.id, found.invitation.id), isNull(staffInvitations.usedAt)))
          .returning({ id: staffInvitations.id });
        if (used.length === 0) return false;
        // A new password: a second factor set up before must be set up again, and old sessions end.
        await tx
          .update(staffMembers)
          .set({ passwordHash, status: 'active', activatedAt: at, totpSecret: null, totpLastStep: null })
          .where(eq(staffMembers.id, found.staff.id));
        await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, found.staff.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, found.staff.id));
        await recordAudit(
          tx,
          { clientId: found.staff.clientId, actorKind: 'staff', actor: found.staff.email, role: found.staff.role, action: 'staff.acceptInvitation', outcome: 'ok', ipAddress: from.ipAddress },
          at,
        );
        return true;
      });
      if (!spent) return { kind: 'refused', reason: 'linkInvalid' };
      await sessions.endAllOf(found.staff.id);
      return { kind: 'enrol', token: await sessions.create(found.staff.id, 'enrol'), email: found.staff.email };
    },

    /** Starts setting up an authenticator app: a new secret kept on the session until a code confirms it. */
    async startAuthenticator(session: StaffSessionRecord): Promise<{ secret: string; uri: string }> {
      const secret = generateSecret();
      await sessions.remember(session.id, { pendingTotpSecret: secrets.seal(secret, secretPurpose.pendingTotpSecret(session.id)) });
      return { secret, uri: generateURI({ issuer: `${ISSUER} (${session.clientCode})`, label: session.email, secret }) };
    },

    /** A code from the app confirms its secret: the second factor is set, recovery codes made, the session signed in. */
    async confirmAuthenticator(session: StaffSessionRecord, typed: string, from: RequestOrigin): Promise<EnrolOutcome> {
      const secret = session.pendingTotpSecret === null ? null : openOrNull(secrets, session.pendingTotpSecret, secretPurpose.pendingTotpSecret(session.id));
      const code = typed.replace(/\s/g, '');
      const result = secret && /^\d{6}$/.test(code) ? await verifyTotp({ secret, token: code, epoch: Math.floor(now().getTime() / 1000), epochTolerance: TOTP_TOLERANCE_SECONDS }) : null;
      const step = matchedStep(result);
      if (!secret || step === null) {
        await audit(entryFor(session, 'staff.enrol', 'refused', from, 'authenticatorApp invalidCredentials'));
        return { kind: 'invalidCredentials' };
      }
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx
          .update(staffMembers)
          .set({ totpSecret: secrets.seal(secret, secretPurpose.totpSecret(session.staffId)), totpLastStep: step })
          .where(eq(staffMembers.id, session.staffId));
        return newRecoveryCodes(tx, session.staffId);
      });
      const token = await sessions.advance(session, 'verified');
      await audit(entryFor(session, 'staff.enrol', 'ok', from, 'authenticatorApp'));
      return { kind: 'enrolled', recoveryCodes, token };
    },

    /** Starts setting up a passkey: WebAuthn's registration options, the challenge kept on the session. */
    async passkeySetupOptions(session: StaffSessionRecord, from: RequestOrigin): Promise<Record<string, unknown>> {
      const existing = await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.staffId, session.staffId));
      const options = await generateRegistrationOptions({
        rpName: `${session.clientName} billing office`,
        rpID: rpIdOf(from),
        userName: session.email,
        userID: new TextEncoder().encode(`staff-${String(session.staffId)}`),
        attestationType: 'none',
        excludeCredentials: existing.map(({ id }) => ({ id })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await sessions.remember(session.id, { challenge: options.challenge });
      return { ...options };
    },

    async finishPasskeySetup(session: StaffSessionRecord, response: Record<string, unknown>, from: RequestOrigin): Promise<EnrolOutcome> {
      const challenge = session.challenge;
      await sessions.remember(session.id, { challenge: null });
      const verification = challenge
        ? await verifyRegistrationResponse({
            response: response as unknown as RegistrationResponseJSON,
            expectedChallenge: challenge,
            expectedOrigin: from.origin,
            expectedRPID: rpIdOf(from),
            requireUserVerification: false,
          }).catch(() => null)
        : null;
      if (!verification?.verified) {
        await audit(entryFor(session, 'staff.enrol', 'refused', from, 'passkey invalidCredentials'));
        return { kind: 'invalidCredentials' };
      }
      const { credential } = verification.registrationInfo;
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx.insert(staffPasskeys).values({
          id: credential.id,
          staffId: session.staffId,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
        });
        return newRecoveryCodes(tx, session.staffId);
      });
      const token = await sessions.advance(session, 'verified');
      await audit(entryFor(session, 'staff.enrol', 'ok', from, 'passkey'));
      return { kind: 'enrolled', recoveryCodes, token };
    },

    /**
     * Invites `email` as staff of the client with `role`: a staff row waiting for its password and
     * an emailed link (in English and Spanish: staff have no language yet). `invitedBy` is the
     * office admin's email, or the operator's for a client's first admin.
     */
    async invite(clientId: number, request: InviteStaffRequest, link: { origin: string }): Promise<StaffMember | Refusal<'staffExists'>> {
      const email = normaliseEmail(request.email);
      const token = newToken();
      return db.transaction(async (tx) => {
        const [client] = await tx.select({ code: clients.code, name: clients.name }).from(clients).where(eq(clients.id, clientId)).limit(1);
        if (!client) throw new Error(`No client ${String(clientId)}`);
        const [row] = await tx.insert(staffMembers).values({ clientId, email, role: request.role, createdAt: now() }).onConflictDoNothing().returning();
        if (!row) return { kind: 'refused' as const, reason: 'staffExists' as const };
        await tx.insert(staffInvitations).values({ id: sha256Hex(token), staffId: row.id, expiresAt: new Date(now().getTime() + INVITATION_LIFETIME_MS) });
        // In the fragment, which browsers never send to a server (nor to a log, nor in a Referer).
        const url = `${link.origin}/${client.code}/office/welcome#token=${token}`;
        await queueEmail(tx, { clientId, to: email, ...staffInvitationEmail({ clientName: client.name, role: request.role, link: url, days: INVITATION_LIFETIME_MS / 86_400_000 }) });
        return toMember(row, false);
      });
    },

    list,

    /**
     * Changes a role or deactivates, never leaving the client without an active office admin;
     * a deactivated member's sessions end at once. Null when the client has no such staff member.
     */
    async change(clientId: number, staffId: number, change: { role: StaffRole } | { deactivate: true }): Promise<StaffMember | Refusal<'lastOfficeAdmin'> | null> {
      const outcome = await db.transaction(async (tx) => {
        // One change at a time per client: two admins demoting each other at once cannot both win.
        const admins = await tx
          .select({ id: staffMembers.id })
          .from(staffMembers)
          .where(and(eq(staffMembers.clientId, clientId), eq(staffMembers.role, 'officeAdmin'), eq(staffMembers.status, 'active')))
          .for('update');
        const [row] = await tx.select().from(staffMembers).where(and(eq(staffMembers.clientId, clientId), eq(staffMembers.id, staffId))).for('update');
        if (!row) return null;
        const losesAdmin = row.role === 'officeAdmin' && row.status === 'active' && ('deactivate' in change || change.role !== 'officeAdmin');
        if (losesAdmin && admins.length <= 1) return { kind: 'refused' as const, reason: 'lastOfficeAdmin' as const };
        const [updated] = await tx
          .update(staffMembers)
          .set('deactivate' in change ? { status: 'deactivated', deactivatedAt: now() } : { role: change.role })
          .where(eq(staffMembers.id, row.id))
          .returning();
        return updated ?? null;
      });
      if (!outcome || 'kind' in outcome) return outcome;
      if ('deactivate' in change) await sessions.endAllOf(outcome.id);
      const [member] = (await list(clientId)).filter((each) => each.id === outcome.id);
      return member ?? toMember(outcome, false);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
