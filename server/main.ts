/** Entry point: `node --import tsx server/main.ts`. Settings come from the environment. */
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SESSION_ABSOLUTE_SECONDS,
  DEFAULT_SESSION_IDLE_SECONDS,
  DEFAULT_SESSION_WARNING_SECONDS,
  flag,
  mailSettings,
  positiveInteger,
  publicUrlSetting,
} from './config';
import { shortReason } from './db/availability';
import { startServer, type RunningServer } from './start';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;

const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PORT must be a port number, got "${env.PORT}"`);

let server: RunningServer;
let mail: ReturnType<typeof mailSettings>;
let publicUrl: string | undefined;
try {
  mail = mailSettings(env.SMTP_URL, env.MAIL_FROM);
  publicUrl = publicUrlSetting(env.PUBLIC_URL);
  if (publicUrl === undefined && env.NODE_ENV === 'production')
    throw new Error("PUBLIC_URL is not set: emailed links would take their address from the request's Host header");
  server = await startServer({
    port,
    dataDir: env.DATA_DIR || `${repoRoot}.data/pglite`,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    distDir: env.DIST_DIR || `${repoRoot}dist`,
    sessionIdleSeconds: positiveInteger(env.SESSION_IDLE_SECONDS, DEFAULT_SESSION_IDLE_SECONDS),
    sessionAbsoluteSeconds: positiveInteger(env.SESSION_ABSOLUTE_SECONDS, DEFAULT_SESSION_ABSOLUTE_SECONDS),
    sessionWarningSeconds: positiveInteger(env.SESSION_WARNING_SECONDS, DEFAULT_SESSION_WARNING_SECONDS),
    cookieSecure: flag(env.COOKIE_SECURE, false),
    publicUrl,
    ...(mail ? { mail } : {}),
  });
} catch (error) {
  // One line a person can act on, not a stack trace.
  console.error(`Could not start the portal: ${shortReason(error)}`);
  process.exit(1);
}

console.log(`Patient billing portal on http://localhost:${server.port}`);
if (mail) {
  // Scheme, host and port only: the URL's user and password stay out of the log.
  const smtp = new URL(mail.smtpUrl);
  console.log(`Emails go out through ${smtp.protocol}//${smtp.host} as ${mail.from}`);
} else if (env.NODE_ENV === 'production') {
  console.warn('SMTP_URL is not set: emails wait in the outbox table and reach nobody.');
} else {
  console.log(`SMTP_URL is not set: emails wait in the development outbox, http://localhost:${server.port}/dev/outbox`);
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping.`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Could not close cleanly on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
