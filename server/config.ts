/** The server's settings and how they are read from the environment. */
import { DEVELOPMENT_SECRETS_KEY, SECRETS_KEY_BYTES } from './security/secret-box';

export interface AppConfig {
  /** Idle lifetime of a session; activity slides it. */
  sessionIdleSeconds: number;
  /** However active, a session ends this long after sign-in. */
  sessionAbsoluteSeconds?: number | undefined;
  /** The session-expiry warning is due when this many seconds or fewer remain. */
  sessionWarningSeconds: number;
  /** Mark cookies Secure (and send HSTS): on whenever the site is served over HTTPS. */
  cookieSecure: boolean;
  /** The built SPA to serve; without it only the API and the logos are served. */
  distDir?: string | undefined;
  /**
   * The portal's origin, where emailed links point when `publicUrl` is unset. Unset too: the
   * request's own.
   */
  portalOrigin?: string | undefined;
  /**
   * The card processor's origin (`http://localhost:8081`): the only one the portal's pages frame,
   * for its card-fields page, and whose messages the card step believes. It must not be the
   * portal's own origin, or the portal's scripts could read the card typed. Unset: no card page
   * can be framed.
   */
  cardFieldsOrigin?: string | undefined;
  /**
   * The portal's public address (an origin such as `https://billing.example.org`), which emailed
   * links (activation, password reset, email change) point at. Unset, a link takes the address the
   * request came in on: fine on one machine, but a request's Host header is the sender's to choose,
   * so production requires it (PUBLIC_URL).
   */
  publicUrl?: string | undefined;
  /** Serve the development pages (the email outbox). Default: unless NODE_ENV is production. */
  developmentPages?: boolean | undefined;
  /**
   * For development and tests only (WEBHOOKS_ALLOW_PRIVATE): webhook endpoints may be plain http
   * and on this machine or a private network (a local receiver). Default false: https to public
   * addresses only (server/core/webhooks/webhook-address.ts).
   */
  webhooksAllowPrivate?: boolean | undefined;
}

export const DEFAULT_SESSION_IDLE_SECONDS = 900;
export const DEFAULT_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const DEFAULT_SESSION_WARNING_SECONDS = 120;

/** Reads a positive integer, or the fallback when the text is absent or not one. */
export function positiveInteger(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`Expected a positive integer, got "${text}"`);
  return value;
}

/** Reads a boolean flag: `true`/`1`/`yes` (any case) mean on. */
export function flag(text: string | undefined, fallback: boolean): boolean {
  if (text === undefined || text.trim() === '') return fallback;
  return ['true', '1', 'yes', 'on'].includes(text.trim().toLowerCase());
}

/**
 * Reads PUBLIC_URL: an http(s) origin without path, query or credentials; undefined when unset.
 * The error names the setting but never repeats its value.
 */
export function publicUrlSetting(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const problem = 'PUBLIC_URL must be the portal\'s address alone, such as https://billing.example.org';
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(problem);
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if (!['http:', 'https:'].includes(url.protocol) || !bare) throw new Error(problem);
  return url.origin;
}

/** Where and as whom email goes out; without it emails wait in the development outbox. */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string;
  /** The From of every email, e.g. `Patient Billing Portal <no-reply@example.org>`. */
  from: string;
}

export const DEFAULT_MAIL_FROM = 'Patient Billing Portal <no-reply@localhost>';

/**
 * Reads SMTP_URL and MAIL_FROM: undefined without an SMTP URL. Errors never repeat the URL, which
 * may hold a password.
 */
export function mailSettings(smtpUrl: string | undefined, mailFrom: string | undefined): MailSettings | undefined {
  if (smtpUrl === undefined || smtpUrl.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(smtpUrl.trim());
  } catch {
    throw new Error('SMTP_URL is not a URL (expected smtp://user:password@host:port or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (url.hostname === '') throw new Error('SMTP_URL names no host');
  const from = mailFrom === undefined || mailFrom.trim() === '' ? DEFAULT_MAIL_FROM : mailFrom.trim();
  // One address, bare or after a display name, and no line break that could start another header.
  const plainAddress = /^[^@\s<>]+@[^@\s<>]+$/;
  const namedAddress = /^[^<>\r\n]*<[^@\s<>]+@[^@\s<>]+>$/;
  if (!plainAddress.test(from) && !namedAddress.test(from)) {
    throw new Error(`MAIL_FROM must be an address such as "${DEFAULT_MAIL_FROM}"`);
  }
  return { smtpUrl: smtpUrl.trim(), from };
}

/** The keys that seal the secrets kept in the database (server/security/secret-box.ts). */
export interface SecretsKeys {
  /** Seals every secret written, and opens them. */
  key: Buffer;
  /** Open what they sealed, until `npm run office -- secrets rotate` has sealed it again under `key`. */
  previousKeys: Buffer[];
  /** True when SECRETS_KEY is unset outside production: `key` is the development key, which protects nothing. */
  development: boolean;
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes in base64 or base64url: 43 characters and at most one `=`.
const BASE64_KEY = /^(?:[A-Za-z0-9+/]{43}|[A-Za-z0-9_-]{43})=?$/;

/** Reads one key: 32 bytes in hex or base64. The error names the setting, never its value. */
function secretsKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = HEX_KEY.test(trimmed) ? Buffer.from(trimmed, 'hex') : BASE64_KEY.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (key?.length !== SECRETS_KEY_BYTES) throw new Error(`${name} must be ${String(SECRETS_KEY_BYTES)} random bytes in base64 or hex (make one with: openssl rand -base64 32)`);
  return key;
}

/**
 * Reads SECRETS_KEY and SECRETS_KEY_PREVIOUS (comma-separated). Production requires SECRETS_KEY and
 * refuses the development key; elsewhere an unset SECRETS_KEY means the development key. Errors
 * name the setting, never its value.
 */
export function secretsKeysSetting(current: string | undefined, previous: string | undefined, nodeEnv: string | undefined): SecretsKeys {
  const production = nodeEnv === 'production';
  const previousKeys = (previous ?? '')
    .split(',')
    .filter((each) => each.trim() !== '')
    .map((each, index) => secretsKey(each, `SECRETS_KEY_PREVIOUS's key ${String(index + 1)}`));
  if (current === undefined || current.trim() === '') {
    if (production) throw new Error('SECRETS_KEY is not set: the secrets in the database would be sealed with the development key, which protects nothing');
    return { key: DEVELOPMENT_SECRETS_KEY, previousKeys, development: true };
  }
  const key = secretsKey(current, 'SECRETS_KEY');
  if (production && key.equals(DEVELOPMENT_SECRETS_KEY)) throw new Error('SECRETS_KEY is the development key, which anyone can read in the source: make one with openssl rand -base64 32');
  return { key, previousKeys, development: false };
}
