/**
 * The console's sign-in, second factor, invitation and staff endpoints (contracts/console-endpoints.ts).
 * The sign-in steps read the staff session at whatever stage it is; the staff endpoints pass
 * `requireStaff` (http/staff-session.ts) first, which also records them in the audit trail.
 */
import { Hono, type Context } from 'hono';
import {
  acceptStaffInvitation,
  changeStaffRole,
  confirmAuthenticatorSetup,
  deactivateStaff,
  extendStaffSession,
  finishPasskeySetup,
  getStaffSession,
  getStaffSessionTimeLeft,
  inviteStaff,
  listStaff,
  passkeySetupOptions,
  staffPasskeyOptions,
  staffPasskeySignIn,
  staffSignIn,
  staffSignInCode,
  staffSignOut,
  startAuthenticatorSetup,
} from '@contracts/console-endpoints';
import { STAFF_IDLE_SECONDS, STAFF_WARNING_SECONDS, type StaffSession, type StaffTimeLeft } from '@contracts/console';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import { sourceAddress } from '../../http/client-address';
import type { StaffCookies } from '../../http/staff-session';
import type { AppEnv } from '../../http/types';
import type { StaffSessionRecord, StaffSessions } from '../../core/sessions/staff-sessions';
import type { FactorOutcome, RequestOrigin, StaffService } from './staff.service';

export interface StaffRoutesDeps {
  staff: StaffService;
  staffSessions: StaffSessions;
  cookies: StaffCookies;
  /** The public address links and passkeys use; else the request's own. */
  portalOrigin: string | undefined;
  now: () => Date;
}

export function createStaffRoutes({ staff, staffSessions, cookies, portalOrigin, now }: StaffRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const originOf = (c: Context): RequestOrigin => ({ ipAddress: sourceAddress(c), origin: portalOrigin ?? new URL(c.req.url).origin });

  /** The staff session at `stage`, or 401 notSignedIn. */
  function sessionAt(c: Context<AppEnv>, stage: StaffSessionRecord['stage']): StaffSessionRecord {
    const session = c.var.staffSession;
    if (session?.stage !== stage) throw new ApiError(401, 'notSignedIn');
    return session;
  }

  /** Whole seconds until the session ends, if nothing more is done. */
  const secondsLeftOf = (session: StaffSessionRecord) => Math.max(0, Math.round((session.expiresAt.getTime() - now().getTime()) / 1000));

  async function answerOf(session: StaffSessionRecord | null): Promise<StaffSession> {
    if (!session) return { stage: 'none' };
    if (session.stage === 'enrol') return { stage: 'enrol', email: session.email };
    if (session.stage === 'password') return { stage: 'secondFactor', factors: await staff.factors(session) };
    return {
      stage: 'signedIn',
      email: session.email,
      role: session.role,
      clientCode: session.clientCode,
      clientName: session.clientName,
      idleSeconds: secondsLeftOf(session),
    };
  }

  /** After a second factor: the session as it now stands, or the refusal. */
  async function afterFactor(c: Context<AppEnv>, session: StaffSessionRecord, outcome: FactorOutcome) {
    if (outcome.kind === 'throttled') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw new ApiError(429, 'tooManyRequests');
    }
    if (outcome.kind === 'invalidCredentials') throw new ApiError(401, 'invalidCredentials');
    cookies.signIn(c, outcome.token);
    return c.json(await answerOf({ ...session, stage: 'verified', expiresAt: new Date(now().getTime() + STAFF_IDLE_SECONDS * 1000) }));
  }

  route(routes, getStaffSession, async (c) => c.json(await answerOf(c.var.staffSession)));

  // Loaded without sliding (declared slidesSession: false): asking must not keep an idle session alive.
  route(routes, getStaffSessionTimeLeft, (c) => {
    const session = c.var.staffSession;
    const secondsLeft = session?.stage === 'verified' && session.status === 'active' ? secondsLeftOf(session) : 0;
    const answer: StaffTimeLeft = { display: secondsLeft > 0 && secondsLeft <= STAFF_WARNING_SECONDS, secondsLeft };
    return c.json(answer);
  });

  route(routes, extendStaffSession, async (c) => c.json({ secondsLeft: secondsLeftOf(await staffSessions.extend(c.var.staff)) }));

  route(routes, staffSignIn, async (c, { json }) => {
    const outcome = await staff.signIn(json, originOf(c));
    if (outcome.kind === 'throttled') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw new ApiError(429, 'tooManyRequests');
    }
    if (outcome.kind === 'invalidCredentials') throw new ApiError(401, 'invalidCredentials');
    if (c.var.staffSession) await staffSessions.end(c.var.staffSession.id);
    cookies.signIn(c, outcome.token);
    return c.json(outcome.kind === 'enrol' ? { stage: 'enrol', email: outcome.email } : { stage: 'secondFactor', factors: outcome.factors });
  });

  route(routes, staffSignInCode, async (c, { json }) => {
    const session = sessionAt(c, 'password');
    return afterFactor(c, session, await staff.signInWithCode(session, json.code, originOf(c)));
  });

  route(routes, staffPasskeyOptions, async (c) => c.json(await staff.passkeySignInOptions(sessionAt(c, 'password'), originOf(c))));

  route(routes, staffPasskeySignIn, async (c, { json }) => {
    const session = sessionAt(c, 'password');
    return afterFactor(c, session, await staff.signInWithPasskey(session, json.response, originOf(c)));
  });

  route(routes, staffSignOut, async (c) => {
    if (c.var.staffSession) await staffSessions.end(c.var.staffSession.id);
    cookies.clear(c);
    return c.json({ stage: 'none' });
  });

  route(routes, acceptStaffInvitation, async (c, { json }) => {
    const outcome = await staff.acceptInvitation(json, originOf(c));
    if (outcome.kind === 'refused') throw new ApiError(410, 'linkInvalid');
    if (outcome.kind === 'badPassword') throw new ApiError(400, 'invalidRequest', { password: outcome.problem });
    cookies.signIn(c, outcome.token);
    return c.json({ stage: 'enrol', email: outcome.email });
  });

  route(routes, startAuthenticatorSetup, async (c) => c.json(await staff.startAuthenticator(sessionAt(c, 'enrol'))));

  route(routes, confirmAuthenticatorSetup, async (c, { json }) => {
    const outcome = await staff.confirmAuthenticator(sessionAt(c, 'enrol'), json.code, originOf(c));
    if (outcome.kind === 'invalidCredentials') throw new ApiError(401, 'invalidCredentials');
    cookies.signIn(c, outcome.token);
    return c.json({ recoveryCodes: outcome.recoveryCodes });
  });

  route(routes, passkeySetupOptions, async (c) => c.json(await staff.passkeySetupOptions(sessionAt(c, 'enrol'), originOf(c))));

  route(routes, finishPasskeySetup, async (c, { json }) => {
    const outcome = await staff.finishPasskeySetup(sessionAt(c, 'enrol'), json.response, originOf(c));
    if (outcome.kind === 'invalidCredentials') throw new ApiError(401, 'invalidCredentials');
    cookies.signIn(c, outcome.token);
    return c.json({ recoveryCodes: outcome.recoveryCodes });
  });

  route(routes, listStaff, async (c) => c.json({ staff: await staff.list(c.var.staff.clientId) }));

  route(routes, inviteStaff, async (c, { json }) => {
    c.set('auditNote', { target: json.email, detail: json.role });
    const invited = await staff.invite(c.var.staff.clientId, json, { origin: originOf(c).origin });
    if ('kind' in invited) throw new ApiError(409, 'staffExists');
    return c.json(invited, 201);
  });

  route(routes, changeStaffRole, async (c, { params, json }) => {
    c.set('auditNote', { target: `staff ${String(params.id)}`, detail: json.role });
    const changed = await staff.change(c.var.staff.clientId, params.id, { role: json.role });
    if (!changed) throw new ApiError(404, 'notFound');
    if ('kind' in changed) throw new ApiError(409, 'lastOfficeAdmin');
    c.set('auditNote', { target: changed.email, detail: json.role });
    return c.json(changed);
  });

  route(routes, deactivateStaff, async (c, { params }) => {
    c.set('auditNote', { target: `staff ${String(params.id)}` });
    const changed = await staff.change(c.var.staff.clientId, params.id, { deactivate: true });
    if (!changed) throw new ApiError(404, 'notFound');
    if ('kind' in changed) throw new ApiError(409, 'lastOfficeAdmin');
    c.set('auditNote', { target: changed.email });
    return c.json(changed);
  });

  return routes;
}
