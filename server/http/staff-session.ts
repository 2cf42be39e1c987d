/**
 * The console's staff session: a cookie of its own (`pbp_staff`, beside a patient's), loaded on
 * /api/console/* into `c.var.staffSession`, and the access check of the console's endpoints
 * (`requireStaff`), which lets a call through only for a session past its second factor, of an
 * active staff member in one of the endpoint's roles, and records the call in the audit trail.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { apiBase, type StaffAccess } from '@contracts/endpoint';
import { apiErrorSchema } from '@contracts/errors';
import * as v from 'valibot';
import type { AuditService } from '../core/audit/audit.service';
import { outcomeOfStatus } from '../core/api-keys/api-keys.service';
import type { StaffSessionRecord, StaffSessions } from '../core/sessions/staff-sessions';
import { tokenOrUndefined } from '../security/tokens';
import { sourceAddress } from './client-address';
import { errorResponse } from './errors';
import { NON_SLIDING_PATHS } from './session';
import { issueXsrfToken } from './xsrf';
import type { AppEnv, StaffEnv } from './types';

export const STAFF_COOKIE = 'pbp_staff';
/** Where the console's API is mounted. */
export const consoleApiBase = `${apiBase}/console/`;

export interface StaffCookies {
  signIn(c: Context, token: string): void;
  clear(c: Context): void;
}

export function createStaffCookies({ cookieSecure }: { cookieSecure: boolean }): StaffCookies {
  const options = { path: '/', httpOnly: true, sameSite: 'Strict', secure: cookieSecure } as const;
  return {
    signIn: (c, token) => {
      setCookie(c, STAFF_COOKIE, token, options);
      issueXsrfToken(c, cookieSecure);
    },
    clear: (c) => {
      deleteCookie(c, STAFF_COOKIE, options);
    },
  };
}

/**
 * Loads the staff session of the cookie (sliding its idle expiry, but for a call declared as no
 * activity) into `c.var.staffSession`, and
 * the audit trail the console's calls are recorded in into `c.var.audit`.
 */
export function loadStaffSession({ staffSessions, cookies, audit }: { staffSessions: StaffSessions; cookies: StaffCookies; audit: AuditService }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('audit', audit);
    const raw = getCookie(c, STAFF_COOKIE);
    const token = tokenOrUndefined(raw);
    const found = token === undefined ? null : await staffSessions.find(token, { slide: !NON_SLIDING_PATHS.has(c.req.path) });
    if (!found && raw !== undefined) cookies.clear(c);
    c.set('staffSession', found);
    await next();
  };
}

/** What an error answer's body says its code is, for the audit trail. */
async function errorCodeOf(response: Response): Promise<string> {
  if (!response.headers.get('Content-Type')?.includes('application/json')) return '';
  const body: unknown = await response.clone().json().catch(() => null);
  const parsed = v.safeParse(apiErrorSchema, body);
  return parsed.success ? parsed.output.error : '';
}

/**
 * 401 `notSignedIn` without a signed-in staff session; then, recorded in the audit trail, 403
 * `forbidden` for a role the endpoint does not allow, else the handler. A GET is recorded only
 * when its declaration names an action (looking is not acting, but viewing an account is).
 */
export function requireStaff(access: StaffAccess, method: string, path: string): MiddlewareHandler<StaffEnv> {
  const action = access.audit ?? `${method} ${path}`;
  const recorded = method !== 'GET' || access.audit !== undefined;
  return async (c, next) => {
    const { staffSession: session, audit } = c.var;
    if (session?.stage !== 'verified' || session.status !== 'active') return errorResponse(c, 401, 'notSignedIn');
    c.set('staff', session);
    c.set('auditNote', {});
    if (!access.staffRoles.includes(session.role)) {
      await audit.record(entryOf(c, session, action, 403, 'forbidden'));
      return errorResponse(c, 403, 'forbidden');
    }
    await next();
    if (!recorded && c.res.status < 400) return;
    const code = c.res.status >= 400 ? await errorCodeOf(c.res) : '';
    await audit.record(entryOf(c, session, action, c.res.status, code));
  };
}

function entryOf(c: Context<StaffEnv>, session: StaffSessionRecord, action: string, status: number, code: string) {
  const note = c.var.auditNote;
  return {
    clientId: session.clientId,
    actorKind: 'staff' as const,
    actor: session.email,
    role: session.role,
    action,
    accountNumber: note.accountNumber ?? null,
    target: note.target ?? '',
    outcome: outcomeOfStatus(status),
    detail: [note.detail, code].filter(Boolean).join(' '),
    ipAddress: sourceAddress(c),
  };
}
