/**
 * Role checks on the server, mirroring the SPA's route guards: `requireSession({ roles })` lets a
 * request through only for a live session of an active user or guest in one of `roles`, and
 * hands the handler that principal as `c.var.caller`.
 */
import type { MiddlewareHandler } from 'hono';
import type { UserRole } from '@contracts/session';
import { errorResponse } from './errors';
import type { SignedInEnv } from './types';

/** The spec's logged-in check: member information, password, email and the like. */
export const USERS_ONLY: readonly UserRole[] = ['ClientBillingUser'];
/** The spec's guest-or-user check: invoices, payments and the session's own status. */
export const USERS_AND_GUESTS: readonly UserRole[] = ['ClientBillingUser', 'ClientBillingGuest'];

/**
 * 401 `notSignedIn` without a signed-in, active principal; 403 `forbidden` when its role is not
 * one of `roles` (a guest on a user-only call).
 */
export function requireSession({ roles }: { roles: readonly UserRole[] }): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const principal = c.var.principal;
    if (!principal?.isActive) return errorResponse(c, 401, 'notSignedIn');
    if (!roles.includes(principal.role)) return errorResponse(c, 403, 'forbidden');
    c.set('caller', principal);
    await next();
  };
}
