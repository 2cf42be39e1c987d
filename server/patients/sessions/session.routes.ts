/** The session's remaining lifetime: the expiry warning poll and the extension. */
import { Hono } from 'hono';
import type * as v from 'valibot';
import type { AuthenticationMessage, extendAuthenticationSchema } from '@contracts/session';
import { extendAuthentication, getShouldDisplayAuthenticationMessage } from '@contracts/session-endpoints';
import { route } from '../../http/endpoint-routes';
import { errorResponse } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { SessionService } from '../../core/sessions/session.service';

type ExtendAuthenticationResponse = v.InferOutput<typeof extendAuthenticationSchema>;

export function createSessionRoutes({ sessions }: { sessions: SessionService }) {
  const routes = new Hono<AppEnv>();

  // Declared as not sliding the session: polling it must not keep an idle session alive.
  route(routes, getShouldDisplayAuthenticationMessage, (c) => {
    const signedIn = c.var.principal?.isActive ?? false;
    const response: AuthenticationMessage = sessions.authenticationMessage(c.var.session, signedIn);
    return c.json(response);
  });

  // Other requests slide the session at most once a minute; this one always does, and answers how long it now has.
  route(routes, extendAuthentication, async (c) => {
    const current = c.var.session;
    if (!current) return errorResponse(c, 401, 'notSignedIn');
    const session = await sessions.touch(current);
    const response: ExtendAuthenticationResponse = { secondsLeft: sessions.secondsLeft(session) };
    return c.json(response);
  });

  return routes;
}
