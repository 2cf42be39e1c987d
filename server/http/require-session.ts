/**
 * The one access policy of the API, mirroring the SPA's route guards: `requireSession({ roles,
 * enabledAccount })` lets a request through only for a live session of an active user or guest in
 * one of `roles` (and, with `enabledAccount`, whose account is not disabled), and hands the handler
 * that principal as `c.var.caller`. Handlers check nothing of this by hand.
 */
import type { MiddlewareHandler } from 'hono';
import type { UserRole } from '@contracts/session';
import { errorResponse } from './errors';
import type { SignedInEnv } from './types';

/** The spec's logged-in check: member information, password, email and the like. */
export const USERS_ONLY: readonly UserRole[] = ['ClientBillingUser'];
/** The spec's guest-or-user check: invoices, payments and the session's own status. */
export const USERS_AND_GUESTS: readonly UserRole[] = ['ClientBillingUser', 'ClientBillingGuest'];

export interface AccessPolicy {
  roles: readonly UserRole[];
  /** Refuse a caller whose account is disabled (invoices and payments are hidden from it). */
  enabledAccount?: boolean;
  /**
   * Let through a user whose password has expired: only the session's own figures and changing
   * the password. Everything else answers 403 `passwordExpired`, so a password the office asked to
   * change opens nothing but the way to change it.
   */
  whilePasswordExpired?: boolean;
}

/**
 * 401 `notSignedIn` without a signed-in, active principal; 403 `forbidden` when its role is not
 * one of `roles` (a guest on a user-only call); 403 `passwordExpired` when the user's password has
 * expired and the policy is not `whilePasswordExpired`; 403 `accountDisabled` when the policy needs
 * an enabled account and the caller's is disabled.
 */
export function requireSession({ roles, enabledAccount = false, whilePasswordExpired = false }: AccessPolicy): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const principal = c.var.principal;
    if (!principal?.isActive) return errorResponse(c, 401, 'notSignedIn');
    if (!roles.includes(principal.role)) return errorResponse(c, 403, 'forbidden');
    if (principal.isPasswordExpired && !whilePasswordExpired) return errorResponse(c, 403, 'passwordExpired');
    if (enabledAccount && principal.isAccountDisabled) return errorResponse(c, 403, 'accountDisabled');
    c.set('caller', principal);
    await next();
  };
}
