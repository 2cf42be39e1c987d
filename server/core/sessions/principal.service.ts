/**
 * Who a session speaks for: a signed-in user under one client, a guest with one account of one
 * client, or nobody. Read afresh on every request (with the session, in the same query), so a
 * membership removed, a user deactivated or an account disabled since sign-in shows at once.
 */
import * as v from 'valibot';
import { userRoleSchema, type LoggedInStatus, type UserRole } from '@contracts/session';
import { isPasswordExpired } from '../passwords/passwords.service';

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
  /** The user's password has expired (marked for change, or past the client's lifetime): it must be changed first. */
  isPasswordExpired: boolean;
}

/**
 * What a principal rests on, as the session lookup reads it beside the session: the user's
 * membership of the session's client (with its account), or the guest's account. Null columns
 * where the row is missing.
 */
export interface PrincipalGrounds {
  membership: {
    role: string | null;
    accountDisabled: boolean | null;
    accountId: number | null;
    accountNumber: string | null;
    email: string | null;
    isActive: boolean | null;
    passwordChangedAt: Date | null;
    passwordChangeRequired: boolean | null;
  } | null;
  /** The session client's password lifetime in days (null: none). */
  passwordLifetimeDays: number | null;
  guestAccount: { id: number; accountNumber: string } | null;
}

/** The session fields a principal depends on. */
export interface PrincipalSession {
  userId: number | null;
  clientId: number | null;
  role: UserRole | null;
  accountId: number | null;
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

/** The principal of a live session at `now`; null for an anonymous one, or one whose grounds are gone. */
export function principalOf(
  session: PrincipalSession,
  { membership, guestAccount, passwordLifetimeDays }: PrincipalGrounds,
  now: Date,
): Principal | null {
  const { userId, clientId } = session;
  if (clientId === null) return null;
  if (userId !== null) {
    const role = v.safeParse(userRoleSchema, membership?.role);
    if (!membership || !role.success || membership.accountId === null || membership.accountNumber === null) return null;
    return {
      role: role.output,
      clientId,
      userId,
      accountId: membership.accountId,
      accountNumber: membership.accountNumber,
      email: membership.email ?? '',
      isActive: membership.isActive ?? false,
      isAccountDisabled: membership.accountDisabled ?? false,
      isPasswordExpired:
        membership.passwordChangedAt !== null &&
        isPasswordExpired(
          { passwordChangedAt: membership.passwordChangedAt, passwordChangeRequired: membership.passwordChangeRequired ?? false },
          { passwordLifetimeDays },
          now,
        ),
    };
  }
  if (session.role !== 'ClientBillingGuest' || !guestAccount) return null;
  return {
    role: 'ClientBillingGuest',
    clientId,
    userId: null,
    accountId: guestAccount.id,
    accountNumber: guestAccount.accountNumber,
    email: '',
    isActive: true,
    isAccountDisabled: false,
    isPasswordExpired: false,
  };
}
