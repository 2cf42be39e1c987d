/**
 * Sends one outbox email over SMTP with nodemailer: the text part, the HTML part (the writer's or
 * one rendered from the text) and the language the writer chose. Every error that leaves this
 * module is described without the password or tokens of the SMTP URL.
 */
import nodemailer from 'nodemailer';
import { mailSettings, type MailSettings } from '../../config';
import { textToHtml } from './email-html';
import { LAST_ERROR_MAX_LENGTH, type OutboxEmail } from './outbox';

/** How long each step of an SMTP conversation may stay silent before the attempt fails. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export interface SmtpMailer {
  /** Hands the email to the SMTP server; rejects when the server did not accept it. */
  send(email: OutboxEmail, signal: AbortSignal): Promise<void>;
  /** Why a send failed, in one short line with every secret of the SMTP URL blanked out. */
  describeFailure(error: unknown): string;
  /** `text` with every secret of the SMTP URL blanked out. */
  redact(text: string): string;
  /** The server as logs may name it: scheme, host and port, never credentials. */
  readonly server: string;
  close(): void;
}

/** Query parameters of the SMTP URL whose values are credentials (an OAuth2 token, say). */
const SECRET_PARAMETER = /pass|token|secret|key/i;

/**
 * Everything in the SMTP URL that is a secret, as written and decoded, and as the AUTH LOGIN and
 * AUTH PLAIN commands carry it in base64 (a server may quote the command it refuses). The user
 * name counts: some services take an API token as the user name.
 */
export function secretsOfSmtpUrl(smtpUrl: string): string[] {
  const url = new URL(smtpUrl);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const user = decode(url.username);
  const password = decode(url.password);
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const secrets = [url.username, user, url.password, password];
  if (user !== '') secrets.push(base64(user));
  if (password !== '') secrets.push(base64(password), base64(`\u0000${user}\u0000${password}`));
  for (const [name, value] of url.searchParams) {
    if (SECRET_PARAMETER.test(name)) secrets.push(value, encodeURIComponent(value));
  }
  // Longest first, so a secret that contains another is blanked whole.
  return [...new Set(secrets.filter((secret) => secret !== ''))].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((redacted, secret) => redacted.split(secret).join('***'), text);
}

/** The domain of the From address, for Message-IDs. */
function domainOf(from: string): string {
  return /@([^@\s<>]+)>?$/.exec(from)?.[1] ?? 'localhost';
}

/** The mailer for `given`; it connects per email (no idle connection to go stale). */
export function createSmtpMailer(given: MailSettings): SmtpMailer {
  const settings = mailSettings(given.smtpUrl, given.from);
  if (!settings) throw new Error('The SMTP URL is empty');
  const secrets = secretsOfSmtpUrl(settings.smtpUrl);
  const redact = (text: string) => redactSecrets(text, secrets);
  const url = new URL(settings.smtpUrl);
  const server = `${url.protocol}//${url.host}`;
  const transport = nodemailer.createTransport(
    { url: settings.smtpUrl, ...TIMEOUTS, logger: false, debug: false, disableFileAccess: true, disableUrlAccess: true },
    { from: settings.from },
  );
  const messageDomain = domainOf(settings.from);

  return {
    server,
    redact,
    async send(email, signal) {
      await transport.sendMail({
        to: email.toAddress,
        subject: email.subject,
        text: email.body,
        html: email.htmlBody ?? textToHtml(email.body, { title: email.subject, language: email.language }),
        // The same id on every attempt, so a receiving system can tell a repeat from a new email.
        messageId: `<outbox-${String(email.id)}-${String(email.createdAt.getTime())}@${messageDomain}>`,
        ...(email.language === null ? {} : { headers: { 'Content-Language': email.language } }),
        signal,
      });
    },
    describeFailure(error) {
      const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
      const message = error instanceof Error ? error.message : String(error);
      // One line: SMTP replies span several, and a log line or a table cell holds one.
      const line = redact(`${code}${message}`).replace(/\s+/g, ' ').trim();
      return line.slice(0, LAST_ERROR_MAX_LENGTH);
    },
    close() {
      transport.close();
    },
  };
}
