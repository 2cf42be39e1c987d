/**
 * Starts the whole product on one machine: database, migrations, demo data, the job queue with
 * every job of the registry (jobs/registry.ts: the sweeps, the webhook deliveries, the work after
 * an answer, and the emails' delivery when SMTP is set), API and SPA on one port, and the sandbox card
 * processor's fields on another (another origin).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, type Logger } from './app';
import { DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_SESSION_WARNING_SECONDS, type MailSettings } from './config';
import { openDatabase } from './db/client';
import type { AppEnv } from './http/types';
import { startJobs } from './jobs/job-definition';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { withJobs } from './jobs/jobs-in-scope';
import { createJobRegistry, RETIRED_QUEUES } from './jobs/registry';
import { createOutboxSender, type OutboxSender } from './core/mail/outbox-sender';
import { createCardFieldsApp } from './core/processor/card-fields-app';
import { developmentSecretBox, type SecretBox } from './security/secret-box';
import { sealPlainSecrets, secretsByKey } from './security/stored-secrets';
import { seedDemoData } from './seed/seed';

export interface StartServerOptions {
  /** 0 picks any free port. Default 8080. */
  port?: number;
  /** Interface to listen on; all interfaces by default. */
  hostname?: string;
  /** PGlite data directory; in memory when neither this nor `databaseUrl` is set. */
  dataDir?: string;
  /** PostgreSQL connection string; wins over `dataDir`. */
  databaseUrl?: string;
  /** The schema owner's connection string, for the migrations (see OpenDatabaseOptions.ownerUrl). */
  databaseOwnerUrl?: string;
  /** The built SPA. */
  distDir?: string;
  sessionIdleSeconds?: number;
  /** However active, a session ends this long after sign-in. Default 12 hours. */
  sessionAbsoluteSeconds?: number;
  /** Seconds before the idle expiry from which the warning is due. Default 120. */
  sessionWarningSeconds?: number;
  cookieSecure?: boolean;
  /** Seed the demo data into an empty database (never when NODE_ENV=production). Default true. */
  seed?: boolean;
  logger?: Logger;
  /** How often the first database connection is tried (PostgreSQL only). Default 8. */
  connectAttempts?: number;
  /** On close, how long in-flight requests may take before their connections are cut. Default 10 s. */
  drainTimeoutMs?: number;
  /** The portal's public address, for emailed links (see AppConfig.publicUrl). */
  publicUrl?: string | undefined;
  /** Whether this process works the queue's jobs (default) or only sends them, for others to work (a test that holds them). */
  workJobs?: boolean;
  /** Send the outbox's emails over SMTP; without it they wait in the outbox (the development page lists them). */
  mail?: MailSettings;
  /**
   * Where the sandbox processor's card fields are served: another port than the portal's, so
   * another origin. 0 picks any free port (the default).
   */
  cardFieldsPort?: number;
  /** Development and tests only: webhook endpoints over plain http, on this machine or a private network (AppConfig.webhooksAllowPrivate). */
  webhooksAllowPrivate?: boolean;
  /**
   * Seals the secrets the database keeps: SECRETS_KEY's box. Default: the development box, which
   * protects nothing; refused when NODE_ENV is production.
   */
  secrets?: SecretBox;
  /** The server's clock: tests only, which move it to age sessions without waiting. Default the real one. */
  now?: () => Date;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The sandbox processor's origin, where its card fields are served (`http://localhost:<port>`). */
  cardFieldsUrl: string;
  cardFieldsPort: number;
  close(): Promise<void>;
}

type Serving = ReturnType<typeof serve>;
type FetchHandler = Parameters<typeof serve>[0]['fetch'];

/** Listens on `port` (0: a free one the system picks) and says which port it got. */
function listen(fetch: FetchHandler, port: number, hostname: string | undefined): Promise<{ server: Serving; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, ...(hostname ? { hostname } : {}) }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

/** Closes a listener, letting requests in flight finish (cut after `drainTimeoutMs`). */
async function drain(server: Serving, drainTimeoutMs: number): Promise<void> {
  const cutOff = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, drainTimeoutMs);
  try {
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Idle keep-alive connections would otherwise hold close() open.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
  } finally {
    clearTimeout(cutOff);
  }
}

/** Opens and migrates the database, seeds it when empty, and serves the app and the sandbox processor's card fields. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? console;
  if (!options.secrets && process.env.NODE_ENV === 'production') throw new Error('SECRETS_KEY is not set: production never seals secrets with the development key');
  const secrets = options.secrets ?? developmentSecretBox();
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    ...(options.databaseOwnerUrl ? { ownerUrl: options.databaseOwnerUrl } : {}),
    warn: (message) => logger.warn(message),
    ...(options.connectAttempts === undefined ? {} : { connectAttempts: options.connectAttempts }),
  });
  let draining = false;
  const listening: Serving[] = [];
  // Stopped again if the start fails half-way.
  let jobs: JobQueue | undefined;
  let sender: OutboxSender | undefined;
  try {
    // A database from before secrets were sealed keeps them plain until now; an error here stops the start.
    const sealed = await sealPlainSecrets(database.db, secrets);
    if (sealed > 0) logger.warn(`Sealed ${String(sealed)} secrets the database kept in plain text (webhook signing secrets, authenticator apps').`);
    const unknown = [...(await secretsByKey(database.db))].filter(([keyId]) => !secrets.keyIds.includes(keyId));
    if (unknown.length > 0) {
      logger.warn(
        `${String(unknown.reduce((sum, [, n]) => sum + n, 0))} stored secrets were sealed by keys the server was not given (key ids ${unknown.map(([keyId]) => keyId).join(', ')}): ` +
          'put the key that sealed them in SECRETS_KEY_PREVIOUS, or rotate those webhook secrets; staff whose authenticator secret does not open set their app up again after their password.',
      );
    }
    if (options.seed !== false) await seedDemoData(database.db, { secrets });
    const warn = (message: string) => logger.warn(message);
    // Made before listening, so a bad SMTP setting fails the start before a port is taken.
    const outbox = options.mail ? createOutboxSender({ db: database.db, mail: options.mail, warn }) : undefined;
    sender = outbox;
    const queue = await createJobQueue({ db: database.db, warn });
    jobs = queue;
    const now = options.now ?? (() => new Date());
    const webhooksAllowPrivate = options.webhooksAllowPrivate ?? false;
    const registry = createJobRegistry({ db: database.db, queue, secrets, now, warn, outbox, webhooksAllowPrivate });
    const running = registry.map((job) => job.name);
    // A job's handler, like a request, sends the jobs it asks for in its own transactions.
    await startJobs(queue, registry, (work) => withJobs(queue, running, work), { work: options.workJobs ?? true, retired: RETIRED_QUEUES });
    const cookieSecure = options.cookieSecure ?? false;

    // The card fields live on another port, so on another origin than the portal's: no script of
    // a portal page can read the card typed into their frame. Each side names the other's origin,
    // so the card fields' port is taken first; their app follows once the portal's origin is known.
    const cardFieldsHost: { app?: Hono<AppEnv> } = {};
    const cardFields = await listen(
      (request, env) => (cardFieldsHost.app ? cardFieldsHost.app.fetch(request, env) : new Response('Starting', { status: 503 })),
      options.cardFieldsPort ?? 0,
      options.hostname,
    );
    listening.push(cardFields.server);
    // The host the portal is reached at (its public address's, else this machine's), on the card fields' port.
    const publicAddress = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
    const cardFieldsOrigin = publicAddress
      ? `${publicAddress.protocol}//${publicAddress.hostname}:${String(cardFields.port)}`
      : `http://localhost:${String(cardFields.port)}`;

    const app = createApp({
      db: database.db,
      secrets,
      config: {
        sessionIdleSeconds: options.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
        sessionAbsoluteSeconds: options.sessionAbsoluteSeconds,
        sessionWarningSeconds: options.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS,
        cookieSecure,
        distDir: options.distDir,
        publicUrl: options.publicUrl,
        cardFieldsOrigin,
        webhooksAllowPrivate,
      },
      logger,
      isDraining: () => draining,
      jobs: queue,
      now,
    });
    // The jobs a request asks for as it writes (an email's delivery, a webhook's hand-over) are sent
    // in its transactions, so they run as soon as those commit.
    const fetch: FetchHandler = (request, env) => withJobs(queue, running, async () => app.fetch(request, env));
    const portal = await listen(fetch, options.port ?? 8080, options.hostname);
    listening.push(portal.server);
    const url = `http://localhost:${String(portal.port)}`;
    cardFieldsHost.app = createCardFieldsApp({ db: database.db, portalOrigin: options.publicUrl ?? url, cookieSecure, logger });


    // Closing drains: /readyz turns 503, no new connection is accepted, requests in flight finish
    // (cut only after the drain time-out), the job queue lets its jobs in flight finish (the jobs
    // not started wait in the database for the next start), and then the database closes.
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        draining = true;
        // The sender finishes the email in flight while requests drain; what they queue waits for
        // the next start (or another replica's sweep).
        const senderStopped = outbox?.stop();
        try {
          await Promise.all(listening.map((server) => drain(server, options.drainTimeoutMs ?? 10000)));
        } finally {
          await senderStopped;
        }
        await queue.stop();
        await database.close();
      })();
      return closing;
    };

    return { url, port: portal.port, cardFieldsUrl: cardFieldsOrigin, cardFieldsPort: cardFields.port, close };
  } catch (error) {
    await Promise.all(listening.map((server) => new Promise((resolve) => server.close(resolve))));
    await sender?.stop();
    await jobs?.stop();
    await database.close();
    throw error;
  }
}
