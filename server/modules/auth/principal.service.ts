/**
 * Who a session speaks for: a signed-in user under one client, a guest with one account of one
 * client, or nobody. Read afresh on every request, so a membership removed, a user deactivated or
 * an account disabled since sign-in shows at once.
 */
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { userRoleSchema, type LoggedInStatus, type UserRole } from '@contracts/session';
import type { Database } from '../../db/client';
import { accounts, userClients, users } from '../../db/schema';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionRecord } from '../sessions/session.service';

export interface Principal {
  role: UserRole;
  /** The client the session is under: every query on its behalf filters by it. */
  clientId: number;
  /** The user; null for a guest. */
  userId: number | null;
  /** The billing account under this client (the membership's, or the one the guest signed in with). */
  accountId: number;
  accountNumber: string;
  /** The user's email; empty for a guest. */
  email: string;
  isActive: boolean;
  isAccountDisabled: boolean;
}

const anonymous: LoggedInStatus = { userRole: null, isUserActive: false };

/** What GET /api/User/GetIsUserLoggedIn reports for a caller. */
export function loggedInStatus(principal: Principal | null): LoggedInStatus {
  if (!principal) return anonymous;
  return {
    userRole: principal.role,
    isUserActive: principal.isActive,
    isAccountDisabled: principal.isAccountDisabled,
  };
}

/** Creates the principal lookup over the database. */
export function createPrincipalService({ db, accounts: accountsService }: { db: Database; accounts: AccountsService }) {
  async function user(userId: number, clientId: number): Promise<Principal | null> {
    const [row] = await db
      .select({
        role: userClients.role,
        accountDisabled: userClients.accountDisabled,
        accountId: accounts.id,
        accountNumber: accounts.accountNumber,
        email: users.email,
        isActive: users.isActive,
      })
      .from(userClients)
      .innerJoin(users, eq(users.id, userClients.userId))
      .innerJoin(
        accounts,
        and(eq(accounts.clientId, userClients.clientId), eq(accounts.accountNumber, userClients.accountNumber)),
      )
      .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)))
      .limit(1);
    const role = v.safeParse(userRoleSchema, row?.role);
    if (!row || !role.success) return null;
    return {
      role: role.output,
      clientId,
      userId,
      accountId: row.accountId,
      accountNumber: row.accountNumber,
      email: row.email,
      isActive: row.isActive,
      isAccountDisabled: row.accountDisabled,
    };
  }

  async function guest(accountId: number, clientId: number): Promise<Principal | null> {
    const account = await accountsService.byId({ clientId }, accountId);
    if (!account) return null;
    return {
      role: 'ClientBillingGuest',
      clientId,
      userId: null,
      accountId: account.id,
      accountNumber: account.accountNumber,
      email: '',
      isActive: true,
      isAccountDisabled: false,
    };
  }

  return {
    /** The principal of a live session; null for none, an anonymous one, or one whose grounds are gone. */
    async resolve(session: SessionRecord | null): Promise<Principal | null> {
      if (!session?.clientId) return null;
      if (session.userId !== null) return user(session.userId, session.clientId);
      if (session.role === 'ClientBillingGuest' && session.accountId !== null) {
        return guest(session.accountId, session.clientId);
      }
      return null;
    },
  };
}

export type PrincipalService = ReturnType<typeof createPrincipalService>;
