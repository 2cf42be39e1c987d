/**
 * The sandbox card processor's own host: its card-fields page (with script and stylesheet) and
 * its token endpoint, and nothing else. It stands in for a real processor, whose fields live on
 * an origin of their own: served on another port than the portal's, it is another origin, so no
 * script of a portal page can read the card typed into the frame (the browser's same-origin
 * policy), and the frame's tokenizing call is same-origin (no CORS). `startServer` serves it.
 */
import { Hono } from 'hono';
import { describeError, type Logger } from '../../http/error-mapping';
import type { Database } from '../../db/client';
import { cardFieldsSecurityHeaders } from '../../http/security-headers';
import type { AppEnv } from '../../http/types';
import { createProcessorRoutes } from './processor.routes';
import { createSandboxProcessor } from './sandbox-processor';

export interface CardFieldsAppDeps {
  db: Database;
  /** The portal's origin: the only one that may frame the page and that the page talks to. */
  portalOrigin: string;
  cookieSecure?: boolean;
  now?: () => Date;
  logger?: Logger;
}

/** Builds the processor's host, mounted at /processor like the portal's links to it. */
export function createCardFieldsApp({ db, portalOrigin, cookieSecure = false, now = () => new Date(), logger = console }: CardFieldsAppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(cardFieldsSecurityHeaders({ cookieSecure, portalOrigin }));
  app.route('/processor', createProcessorRoutes({ processor: createSandboxProcessor({ db, now }), portalOrigin }));
  app.notFound((c) => c.text('Not Found', 404));
  // Never the request's body (a card): describeError leaves out bodies and query parameters.
  app.onError((error, c) => {
    logger.error(`${c.req.method} ${c.req.path} failed\n${describeError(error)}`);
    return c.json({ error: 'serverError' }, 500);
  });
  return app;
}
