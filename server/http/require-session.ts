/**
 * The one access policy of the API, mirroring the SPA's route guards: `requireSession({ roles,
 * enabledAccount })` lets a request through only for a live session of an active user or guest in
 * one of `roles` (and, with `enabledAccount`, whose account is not disabled), and hands the handler
 * that principal as `c.var.caller`. Handlers check nothing of this by hand.
 */
import type { MiddlewareHandler } from 'hono';
import { usersAndGuests, usersOnly, type SessionAccess } from '@contracts/endpoint';
import type { UserRole } from '@contracts/session';
import { errorResponse } from './errors';
import type { SignedInEnv } from './types';

/** The spec's logged-in check: member information, password, email and the like. */
export const USERS_ONLY: readonly UserRole[] = usersOnly;
/** The spec's guest-or-user check: invoices, payments and the session's own status. */
export const USERS_AND_GUESTS: readonly UserRole[] = usersAndGuests;

/** The policy of an endpoint that needs a session, as its declaration states it (contracts/endpoint.ts). */
export type AccessPolicy = SessionAccess;

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
