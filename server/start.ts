/** Starts the whole product on one port: database, migrations, demo data, API and SPA. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, loggedBackgroundWork, type Logger } from './app';
import type { BackgroundWork } from './background-work';
import { DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_SESSION_WARNING_SECONDS, type MailSettings } from './config';
import { openDatabase } from './db/client';
import { startSweeping } from './housekeeping';
import { createOutboxSender } from './modules/mail/outbox-sender';
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
  /** Send the outbox's emails over SMTP; without it they wait in the outbox (the development page lists them). */
  mail?: MailSettings;
  /** Where requests leave the work that runs after their answers. Default: one of its own, logging to `logger`. */
  background?: BackgroundWork;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Opens and migrates the database, seeds it when empty, and serves the app. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? console;
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    warn: (message) => logger.warn(message),
    ...(options.connectAttempts === undefined ? {} : { connectAttempts: options.connectAttempts }),
  });
  let draining = false;
  try {
    if (options.seed !== false) await seedDemoData(database.db);
    const background = options.background ?? loggedBackgroundWork(logger);
    const app = createApp({
      db: database.db,
      config: {
        sessionIdleSeconds: options.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
        sessionAbsoluteSeconds: options.sessionAbsoluteSeconds,
        sessionWarningSeconds: options.sessionWarningSeconds ?? DEFAULT_SESSION_WARNING_SECONDS,
        cookieSecure: options.cookieSecure ?? false,
        distDir: options.distDir,
        publicUrl: options.publicUrl,
      },
      logger,
      isDraining: () => draining,
      background,
    });

    // Made before listening, so a bad SMTP setting fails the start before a port is taken.
    const sender = options.mail ? createOutboxSender({ db: database.db, mail: options.mail, warn: (message) => logger.warn(message) }) : undefined;

    const { server, port } = await new Promise<{
      server: ReturnType<typeof serve>;
      port: number;
    }>((resolve, reject) => {
      const server = serve(
        {
          fetch: app.fetch,
          port: options.port ?? 8080,
          ...(options.hostname ? { hostname: options.hostname } : {}),
        },
        (info: AddressInfo) => resolve({ server, port: info.port }),
      );
      server.once('error', reject);
    });

    const stopSweeping = startSweeping(database.db, (message) => logger.warn(message));
    sender?.start();

    // Closing drains: /readyz turns 503, no new connection is accepted, requests in flight finish
    // (cut only after the drain time-out), the work they left to run after their answers (the
    // emails of forgotten passwords) finishes, and then the database closes.
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        draining = true;
        stopSweeping();
        // The sender finishes the email in flight while requests drain; what they queue waits for the next start.
        const senderStopped = sender?.stop();
        const cutOff = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, options.drainTimeoutMs ?? 10000);
        try {
          await new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            // Idle keep-alive connections would otherwise hold close() open.
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          });
        } finally {
          clearTimeout(cutOff);
          await senderStopped;
        }
        await background.settled();
        await database.close();
      })();
      return closing;
    };

    return { url: `http://localhost:${port}`, port, close };
  } catch (error) {
    await database.close();
    throw error;
  }
}
