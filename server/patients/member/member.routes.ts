/** The signed-in user's own account: member information, sign out everywhere, changing the email address. */
import { Hono, type Context } from 'hono';
import {
  type EmailChangeRequested,
  type EmailChanged,
  type MemberDetails,
  type MemberInformation,
  type SignedOutEverywhere,
} from '@contracts/member';
import {
  confirmEmailChange,
  getMemberInformation,
  requestEmailChange,
  signOutEverywhere,
  updateMemberInformation,
} from '@contracts/member-endpoints';
import { sourceAddress } from '../../http/client-address';
import { route } from '../../http/endpoint-routes';
import { ApiError, errorResponse } from '../../http/errors';
import type { SessionCookies } from '../../http/session';
import type { AppEnv, SignedInEnv } from '../../http/types';
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

  route(routes, getMemberInformation, async (c) => {
    const information: MemberInformation | null = await member.information(userIdOf(c));
    if (!information) return errorResponse(c, 401, 'notSignedIn');
    return c.json(information);
  });

  route(routes, updateMemberInformation, async (c, { json: request }) => {
    const details: MemberDetails | null = await member.updateDetails(userIdOf(c), request);
    if (!details) return errorResponse(c, 401, 'notSignedIn');
    return c.json(details);
  });

  route(routes, signOutEverywhere, async (c) => {
    const endedSessions = await member.signOutEverywhere(userIdOf(c));
    cookies.clear(c);
    const response: SignedOutEverywhere = { endedSessions };
    return c.json(response);
  });

  // Update email is hidden from a disabled account; the server refuses it as well (the declarations say so).
  route(routes, requestEmailChange, async (c, { json: request }) => {
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

  route(routes, confirmEmailChange, async (c, { json: { token } }) => {
    const outcome = await member.confirmEmailChange(userIdOf(c), token);
    if (outcome.kind === 'failed') return errorResponse(c, 404, 'notFound');
    const response: EmailChanged = { email: outcome.email };
    return c.json(response);
  });

  return routes;
}
