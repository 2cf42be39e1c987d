/**
 * Signing in with email and password. Every failure a caller could learn from (unknown email,
 * wrong password, inactive user) is the same outcome,
 * reached after the same password-hashing work. Only the right password of a registration not yet
 * activated gets an answer of its own, so that its owner learns to open the activation link.
 */
import * as v from 'valibot';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { userRoleSchema, type UserRole } from '@contracts/session';
import type { LoginRequest } from '@contracts/session-requests';
import type { Database } from '../../db/client';
import { clients as clientsTable, userClients, users } from '../../db/schema';
import { verifyAgainstDummy, verifyPassword } from '../../security/password';
import { normaliseEmail } from '../../lib/email-address';
import type { ClientsService } from '../../core/clients/clients.service';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, type AttemptOutcome, type ThrottleService } from '../../core/throttle/throttle.service';

export type LoginOutcome =
  | { kind: 'signedIn'; userId: number; clientId: number; role: UserRole; isAccountDisabled: boolean }
  | { kind: 'invalidCredentials' }
  /** The right password for a registration whose activation link was not opened yet. */
  | { kind: 'notActivated' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export interface AuthServiceDeps {
  db: Database;
  clients: ClientsService;
  throttle: ThrottleService;
}

/** Creates the sign-in rules over the database. */
export function createAuthService({ db, clients, throttle }: AuthServiceDeps) {
  /**
   * The membership the user signs in under: the requested client's entry when the user has one
   * there; else another entry of the same client code; else (no request, an unknown code, or a
   * client where the user has no account) the client the user joined first, then the lowest
   * client id. Only someone who knows the password gets this far, so a patient who signs in at
   * the wrong lab's address lands at their own, and the SPA says so.
   */
  async function findMembership(userId: number, request: LoginRequest) {
    const requested = request.clientCode
      ? await clients.resolve({ clientCode: request.clientCode, billingGroup: request.billingGroup })
      : null;
    const memberships = await db
      .select({
        clientId: userClients.clientId,
        clientCode: clientsTable.code,
        role: userClients.role,
        accountDisabled: userClients.accountDisabled,
      })
      .from(userClients)
      .innerJoin(clientsTable, eq(clientsTable.id, userClients.clientId))
      .where(eq(userClients.userId, userId))
      .orderBy(asc(userClients.createdAt), asc(userClients.clientId));
    const code = request.clientCode?.trim().toUpperCase();
    return (
      memberships.find((membership) => membership.clientId === requested?.id) ??
      memberships.find((membership) => membership.clientCode.toUpperCase() === code) ??
      memberships[0] ??
      null
    );
  }

  return {
    /** Checks the credentials and the membership; stores the posted language on success. */
    async login(request: LoginRequest, sourceAddress: string): Promise<LoginOutcome> {
      const email = normaliseEmail(request.email);
      const checks = [
        { key: email, policy: ACCOUNT_POLICY },
        { key: addressKey(sourceAddress), policy: ADDRESS_POLICY },
      ];
      return throttle.attempt(checks, email, async (): Promise<AttemptOutcome<LoginOutcome>> => {
        const [user] = await db
          .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, activatedAt: users.activatedAt })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        const passwordOk = user
          ? await verifyPassword(request.password, user.passwordHash)
          : await verifyAgainstDummy(request.password);

        // Only the one who knows the password learns that the account waits for activation.
        if (user && passwordOk && user.isActive && user.activatedAt === null) return { succeeded: true, result: { kind: 'notActivated' } };
        const membership = user && passwordOk && user.isActive ? await findMembership(user.id, request) : null;
        const role = v.safeParse(userRoleSchema, membership?.role);
        if (!user || !membership || !role.success) return { succeeded: false, result: { kind: 'invalidCredentials' } };

        // The posted language becomes the user's only when they have none yet: a saved choice
        // follows the user to every device, and changes come through UpdateTranslationLanguage.
        await db
          .update(users)
          .set({ language: request.language })
          .where(and(eq(users.id, user.id), isNull(users.language)));
        return {
          succeeded: true,
          result: { kind: 'signedIn', userId: user.id, clientId: membership.clientId, role: role.output, isAccountDisabled: membership.accountDisabled },
        };
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
