/**
 * The HTTP application: the portal's HTTP layer (security headers, anti-forgery, sessions, error
 * mapping: http/create-http-app.ts), the API's modules under /api (api-modules.ts; the payments
 * authorize with the sandbox card processor, whose own host is `createCardFieldsApp`), the
 * development pages and the static host of the built SPA. `createApp` builds it over an opened
 * database; `startServer` serves it.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { apiBase } from '@contracts/endpoint';
import { createApiModules } from './api-modules';
import { DEFAULT_SESSION_ABSOLUTE_SECONDS, DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_SESSION_WARNING_SECONDS, type AppConfig } from './config';
import type { Database } from './db/client';
import type { JobSender } from './jobs/job-definition';
import type { SecretBox } from './security/secret-box';
import { createHttpApp } from './http/create-http-app';
import { apiNotFound, type Logger } from './http/error-mapping';
import { createSessionCookies } from './http/session';
import { mountStatic } from './http/static';
import type { AppEnv } from './http/types';
import { latestEmails } from './core/mail/outbox';
import { createOutboxRoutes } from './core/mail/outbox.routes';
import { createApiReferenceRoutes } from './core/reference/reference.routes';
import { createSessionService } from './core/sessions/session.service';

export { describeError, type Logger } from './http/error-mapping';

export interface AppDeps {
  db: Database;
  config: Partial<AppConfig>;
  /** The clock; tests move it to expire sessions and throttling windows. */
  now?: () => Date;
  /**
   * Seals the secrets the database keeps and opens them: SECRETS_KEY's box (server/main.ts), or
   * the development one (tests).
   */
  secrets: SecretBox;
  logger?: Logger;
  /** Whether the database answers now (GET /readyz). Default: a trivial query on `db`. */
  isDatabaseReachable?: () => Promise<boolean>;
  /** True once the server is shutting down: /readyz answers 503 so a load balancer stops sending. */
  isDraining?: () => boolean;
  /** Where requests send the jobs of the work after their answers (the registry's jobs: jobs/registry.ts). */
  jobs: JobSender;
}

/** server/public: the logos, served under /logos/. */
export const publicDir = fileURLToPath(new URL('./public', import.meta.url));

/** Builds the Hono application. */
export function createApp({
  db,
  config,
  now = () => new Date(),
  secrets,
  logger = console,
  isDatabaseReachable = () =>
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
  isDraining = () => false,
  jobs,
}: AppDeps): Hono<AppEnv> {
  const cookieSecure = config.cookieSecure ?? false;
  const sessions = createSessionService({
    db,
    idleSeconds: config.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
    absoluteSeconds: config.sessionAbsoluteSeconds ?? DEFAULT_SESSION_ABSOLUTE_SECONDS,
    warningSeconds: config.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS,
    now,
  });
  const cookies = createSessionCookies({ cookieSecure });
  const app = createHttpApp({ cookieSecure, cardFieldsOrigin: config.cardFieldsOrigin, sessions, cookies, isDatabaseReachable, isDraining, logger });

  const api = new Hono<AppEnv>();
  const linkOrigin = config.publicUrl ?? config.portalOrigin;
  const webhooksAllowPrivate = config.webhooksAllowPrivate ?? false;
  for (const module of createApiModules({ db, sessions, cookies, cookieSecure, linkOrigin, webhooksAllowPrivate, jobs, now, secrets })) api.route('/', module);
  api.all('*', apiNotFound);
  app.route(apiBase, api);

  if (config.developmentPages ?? process.env.NODE_ENV !== 'production') {
    app.route('/dev', createOutboxRoutes({ latestEmails: (limit, to) => latestEmails(db, limit, to) }));
    app.route('/dev', createApiReferenceRoutes());
  }

  mountStatic(app, { distDir: config.distDir, cardFieldsOrigin: config.cardFieldsOrigin, publicDir, warn: (message) => logger.warn(message) });
  return app;
}
