/**
 * The HTTP application: security headers, anti-forgery, sessions, the API modules (the payments
 * authorize with the sandbox card processor, whose own host is `createCardFieldsApp`) and the
 * static host of the built SPA. `createApp` builds it over an opened database; `startServer` serves it.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { createBackgroundWork, type BackgroundWork } from './background-work';
import { DEFAULT_SESSION_ABSOLUTE_SECONDS, DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_SESSION_WARNING_SECONDS, type AppConfig } from './config';
import { isDatabaseUnavailable, shortReason } from './db/availability';
import type { Database } from './db/client';
import { ApiError } from './http/errors';
import { portalSecurityHeaders } from './http/security-headers';
import { createSessionCookies, loadSession } from './http/session';
import { mountStatic } from './http/static';
import type { AppEnv } from './http/types';
import { isApiPath, xsrfProtection } from './http/xsrf';
import { createAccountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createGuestLoginService } from './modules/auth/guest-login.service';
import { createThrottleService } from './modules/auth/throttle.service';
import { createClientsRoutes } from './modules/clients/clients.routes';
import { createClientsService } from './modules/clients/clients.service';
import { createDocumentsRoutes } from './modules/documents/documents.routes';
import { createDocumentsService } from './modules/documents/documents.service';
import { createLanguageRoutes } from './modules/language/language.routes';
import { createLanguageService } from './modules/language/language.service';
import { createOutboxRoutes } from './modules/mail/outbox.routes';
import { createMemberRoutes } from './modules/member/member.routes';
import { createMemberService } from './modules/member/member.service';
import { createPasswordRoutes } from './modules/password/password.routes';
import { createPasswordService } from './modules/password/password.service';
import { createPaymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createSandboxProcessor } from './modules/processor/sandbox-processor';
import { createRegistrationRoutes } from './modules/registration/registration.routes';
import { createRegistrationService } from './modules/registration/registration.service';
import { createSessionRoutes } from './modules/sessions/session.routes';
import { createSessionService } from './modules/sessions/session.service';
import { createSwitchClientsRoutes } from './modules/switch-clients/switch-clients.routes';
import { createSwitchClientsService } from './modules/switch-clients/switch-clients.service';

export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

export interface AppDeps {
  db: Database;
  config: Partial<AppConfig>;
  /** The clock; tests move it to expire sessions and throttling windows. */
  now?: () => Date;
  logger?: Logger;
  /** Whether the database answers now (GET /readyz). Default: a trivial query on `db`. */
  isDatabaseReachable?: () => Promise<boolean>;
  /** True once the server is shutting down: /readyz answers 503 so a load balancer stops sending. */
  isDraining?: () => boolean;
  /**
   * Where requests leave the work that runs after their answer; whoever passes it waits for it
   * (`settled()`) before closing the database. Default: one of its own, logging to `logger`.
   */
  background?: BackgroundWork;
}

/** server/public: the logos, served under /logos/. */
export const publicDir = fileURLToPath(new URL('./public', import.meta.url));

const MAX_API_BODY_BYTES = 64 * 1024;
/** The methods whose requests may carry a body (the others have nothing for the body limit to count). */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A loggable description of an error: never a request body, and without the query parameters
 * that database errors append to their message.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const strip = (message: string) => message.split('\nparams:')[0] ?? message;
  const cause = error.cause instanceof Error ? `\ncaused by ${error.cause.name}: ${strip(error.cause.message)}` : '';
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return [`${error.name}: ${strip(error.message)}${cause}`, ...frames].join('\n');
}

/** Background work whose failures are logged as errors, described as `describeError` does (no inputs). */
export function loggedBackgroundWork(logger: Logger): BackgroundWork {
  return createBackgroundWork({ onError: (name, error) => logger.error(`Background work failed: ${name}\n${describeError(error)}`) });
}

/** Builds the Hono application. */
export function createApp({
  db,
  config,
  now = () => new Date(),
  logger = console,
  isDatabaseReachable = () =>
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
  isDraining = () => false,
  background = loggedBackgroundWork(logger),
}: AppDeps): Hono<AppEnv> {
  const sessionIdleSeconds = config.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS;
  const sessionWarningSeconds = config.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS;
  const cookieSecure = config.cookieSecure ?? false;

  const sessions = createSessionService({
    db,
    idleSeconds: sessionIdleSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds ?? DEFAULT_SESSION_ABSOLUTE_SECONDS,
    warningSeconds: sessionWarningSeconds,
    now,
  });
  const clients = createClientsService({ db });
  const accounts = createAccountsService({ db });
  const throttle = createThrottleService({ db, now });
  const auth = createAuthService({ db, clients, throttle });
  const guestLogin = createGuestLoginService({ clients, accounts, throttle });
  const language = createLanguageService({ db, sessions });
  const passwords = createPasswordService({ db, clients, throttle, background, now });
  const cookies = createSessionCookies({ cookieSecure });
  // Where emailed links point: the public address, else the configured portal origin, else (one
  // machine, development) the request's own.
  const linkOrigin = config.publicUrl ?? config.portalOrigin;
  const processor = createSandboxProcessor({ db, now });
  const switchClients = createSwitchClientsService({ db, clients });
  const registration = createRegistrationService({ db, clients, throttle, background, now });
  const payments = createPaymentsService({
    db,
    processorFor: processor.processorFor,
    throttle,
    now,
  });
  const documents = createDocumentsService({ db, accounts, clients, now });

  const app = new Hono<AppEnv>();

  // The portal frames only the card processor's page, which lives on an origin of its own.
  app.use(portalSecurityHeaders({ cookieSecure, cardFieldsOrigin: config.cardFieldsOrigin }));
  // For a load balancer: the process is up; and it can serve (the database answers, not shutting down).
  // Before the anti-forgery and session layers: probes get no cookies and touch no session.
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (isDraining()) return c.json({ status: 'draining' }, 503);
    return (await isDatabaseReachable()) ? c.json({ status: 'ready' }) : c.json({ status: 'databaseUnavailable' }, 503);
  });
  app.use(xsrfProtection({ cookieSecure }));
  // The SPA's scripts and styles travel compressed; the bundle budget is measured the same way.
  app.use('/assets/*', compress());

  // Set before the handler runs: a header added to a response already built costs a copy of it,
  // and this path is taken by every API call.
  app.use('/api/*', (c, next) => {
    c.header('Cache-Control', 'no-store');
    return next();
  });
  // Only where a body can come: looking for one builds the whole fetch Request, costly on a GET.
  app.on(
    BODY_METHODS,
    '/api/*',
    bodyLimit({
      maxSize: MAX_API_BODY_BYTES,
      onError: (c) => c.json({ error: 'invalidRequest' }, 413),
    }),
  );
  app.use('/api/*', loadSession({ sessions, cookies }));

  const api = new Hono<AppEnv>();
  api.route('/', createAuthRoutes({ auth, guestLogin, clients, sessions, cookies }));
  api.route('/', createSessionRoutes({ sessions }));
  api.route('/', createClientsRoutes({ clients }));
  api.route('/', createLanguageRoutes({ language, cookieSecure }));
  api.route('/', createAccountsRoutes({ accounts }));
  api.route('/', createPaymentsRoutes({ payments }));
  api.route('/', createDocumentsRoutes({ documents, clients }));
  api.route('/', createSwitchClientsRoutes({ switchClients }));
  api.route('/', createMemberRoutes({ member: createMemberService({ db, throttle, now }), cookies, portalOrigin: linkOrigin }));
  api.route('/', createRegistrationRoutes({ registration, portalOrigin: linkOrigin }));
  api.route('/', createPasswordRoutes({ passwords, portalOrigin: linkOrigin }));
  api.all('*', (c) => c.json({ error: 'notFound' }, 404));
  app.route('/api', api);
  if (config.developmentPages ?? process.env.NODE_ENV !== 'production') app.route('/dev', createOutboxRoutes({ db }));

  mountStatic(app, {
    distDir: config.distDir,
    cardFieldsOrigin: config.cardFieldsOrigin,
    publicDir,
    warn: (message) => logger.warn(message),
  });

  app.notFound((c) => (isApiPath(c.req.path) ? c.json({ error: 'notFound' }, 404) : c.text('Not Found', 404)));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(error.fields ? { error: error.code, fields: error.fields } : { error: error.code }, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts; the pool reconnects by itself on a later request.
      logger.warn(`${c.req.method} ${c.req.path}: the database is unavailable (${shortReason(error)})`);
      c.header('Retry-After', '5');
      return c.json({ error: 'serviceUnavailable' }, 503);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.status === 404 ? 'notFound' : 'invalidRequest' }, error.status);
    }
    logger.error(`${c.req.method} ${c.req.path} failed\n${describeError(error)}`);
    return c.json({ error: 'serverError' }, 500);
  });

  return app;
}
