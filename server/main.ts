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
  secretsKeysSetting,
  type SecretsKeys,
} from './config';
import { shortReason } from './db/availability';
import { claimDataDir } from './db/data-dir-lock';
import { createSecretBox } from './security/secret-box';
import { startServer, type RunningServer } from './start';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;

const portSetting = (name: string, fallback: number): number => {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${text ?? String(fallback)}"`);
  return value;
};
const port = portSetting('PORT', 8080);
// The sandbox processor's card fields: the next port (any free one beside a free portal port).
const cardFieldsPort = portSetting('CARD_FIELDS_PORT', port === 0 ? 0 : port + 1);

const dataDir = env.DATA_DIR || `${repoRoot}.data/pglite`;
let server: RunningServer;
let releaseDataDir = () => {};
let mail: ReturnType<typeof mailSettings>;
let publicUrl: string | undefined;
let secretsKeys: SecretsKeys;
// Development only: webhooks may go over plain http to this machine and private networks.
const webhooksAllowPrivate = flag(env.WEBHOOKS_ALLOW_PRIVATE, false);
try {
  mail = mailSettings(env.SMTP_URL, env.MAIL_FROM);
  publicUrl = publicUrlSetting(env.PUBLIC_URL);
  if (publicUrl === undefined && env.NODE_ENV === 'production')
    throw new Error("PUBLIC_URL is not set: emailed links would take their address from the request's Host header");
  // Production refuses to start without it; elsewhere its absence means the development key.
  secretsKeys = secretsKeysSetting(env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS, env.NODE_ENV);
  // The office command may open the same PGlite directory: one process at a time.
  if (!env.DATABASE_URL) releaseDataDir = claimDataDir(dataDir, 'the portal');
  server = await startServer({
    port,
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.DATABASE_URL && env.DATABASE_OWNER_URL ? { databaseOwnerUrl: env.DATABASE_OWNER_URL } : {}),
    distDir: env.DIST_DIR || `${repoRoot}dist`,
    sessionIdleSeconds: positiveInteger(env.SESSION_IDLE_SECONDS, DEFAULT_SESSION_IDLE_SECONDS),
    sessionAbsoluteSeconds: positiveInteger(env.SESSION_ABSOLUTE_SECONDS, DEFAULT_SESSION_ABSOLUTE_SECONDS),
    sessionWarningSeconds: positiveInteger(env.SESSION_WARNING_SECONDS, DEFAULT_SESSION_WARNING_SECONDS),
    cookieSecure: flag(env.COOKIE_SECURE, false),
    publicUrl,
    cardFieldsPort,
    webhooksAllowPrivate,
    secrets: createSecretBox({ key: secretsKeys.key, previousKeys: secretsKeys.previousKeys }),
    ...(mail ? { mail } : {}),
  });
} catch (error) {
  // One line a person can act on, not a stack trace.
  console.error(`Could not start the portal: ${shortReason(error)}`);
  process.exit(1);
}

console.log(`Patient billing portal on http://localhost:${server.port}`);
console.log(`Sandbox card processor's fields on ${server.cardFieldsUrl}`);
if (mail) {
  // Scheme, host and port only: the URL's user and password stay out of the log.
  const smtp = new URL(mail.smtpUrl);
  console.log(`Emails go out through ${smtp.protocol}//${smtp.host} as ${mail.from}`);
} else if (env.NODE_ENV === 'production') {
  console.warn('SMTP_URL is not set: emails wait in the outbox table and reach nobody.');
} else {
  console.log(`SMTP_URL is not set: emails wait in the development outbox, http://localhost:${server.port}/dev/outbox`);
}

if (secretsKeys.development) {
  console.warn('SECRETS_KEY is not set: the secrets in the database are sealed with the development key, which protects nothing (development only).');
}

if (webhooksAllowPrivate) {
  console.warn('WEBHOOKS_ALLOW_PRIVATE is on: webhook endpoints may be plain http and reach this machine and its private networks (development only).');
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping.`);
  server.close().then(
    () => {
      releaseDataDir();
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`Could not close cleanly on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
