/** The signed-in user's own account: member information, sign out everywhere, changing the email address. */
import { Hono, type Context } from 'hono';
import { emailChangeConfirmationSchema, emailChangeRequestSchema, memberDetailsRequestSchema } from '@contracts/member-requests';
import {
  type EmailChangeRequested,
  type EmailChanged,
  type MemberDetails,
  type MemberInformation,
  type SignedOutEverywhere,
} from '@contracts/member';
import { sourceAddress } from '../../http/client-address';
import { ApiError, errorResponse } from '../../http/errors';
import { USERS_ONLY, requireSession } from '../../http/require-session';
import type { SessionCookies } from '../../http/session';
import type { AppEnv, SignedInEnv } from '../../http/types';
import { readJsonBody } from '../../http/validation';
import type { MemberService } from './member.service';

/** The signed-in user's id: these calls are for users only, never guests. */
function userIdOf(c: Context<SignedInEnv>): number {
  const { userId } = c.var.caller;
  if (userId === null) throw new ApiError(403, 'forbidden');
  return userId;
}

export interface MemberRoutesOptions {
  member: MemberService;
  cookies: SessionCookies;
  /**
   * The portal's origin for the emailed links; unset, the request's own. Set it wherever a proxy
   * in front could pass on a Host header the portal does not own.
   */
  portalOrigin?: string | undefined;
}

export function createMemberRoutes({ member, cookies, portalOrigin }: MemberRoutesOptions) {
  const routes = new Hono<AppEnv>();
  const users = requireSession({ roles: USERS_ONLY });
  // Update email is hidden from a disabled account; the server refuses it as well.
  const enabledUsers = requireSession({ roles: USERS_ONLY, enabledAccount: true });

  routes.get('/User/GetMemberInformation', users, async (c) => {
    const information: MemberInformation | null = await member.information(userIdOf(c));
    if (!information) return errorResponse(c, 401, 'notSignedIn');
    return c.json(information);
  });

  routes.post('/User/UpdateMemberInformation', users, async (c) => {
    const request = await readJsonBody(c, memberDetailsRequestSchema);
    const details: MemberDetails | null = await member.updateDetails(userIdOf(c), request);
    if (!details) return errorResponse(c, 401, 'notSignedIn');
    return c.json(details);
  });

  routes.post('/User/SignOutEverywhere', users, async (c) => {
    const endedSessions = await member.signOutEverywhere(userIdOf(c));
    cookies.clear(c);
    const response: SignedOutEverywhere = { endedSessions };
    return c.json(response);
  });

  routes.post('/User/RequestEmailChange', enabledUsers, async (c) => {
    const request = await readJsonBody(c, emailChangeRequestSchema);
    const caller = c.var.caller;
    const outcome = await member.requestEmailChange({ userId: userIdOf(c), clientId: caller.clientId, email: caller.email }, request, {
      origin: portalOrigin ?? new URL(c.req.url).origin,
      sessionLanguage: c.var.session?.language ?? null,
      sourceAddress: sourceAddress(c),
    });
    if (outcome.kind === 'throttled') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      return errorResponse(c, 429, 'tooManyRequests');
    }
    if (outcome.kind === 'refused') throw new ApiError(400, 'invalidRequest', outcome.fields);
    const response: EmailChangeRequested = { newEmail: outcome.newEmail };
    return c.json(response);
  });

  routes.post('/User/ConfirmEmailChange', enabledUsers, async (c) => {
    const { token } = await readJsonBody(c, emailChangeConfirmationSchema);
    const outcome = await member.confirmEmailChange(userIdOf(c), token);
    if (outcome.kind === 'failed') return errorResponse(c, 404, 'notFound');
    const response: EmailChanged = { email: outcome.email };
    return c.json(response);
  });

  return routes;
}
