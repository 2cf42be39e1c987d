/**
 * For tests: a real SMTP server on loopback (the `smtp-server` package) that keeps every email it
 * receives, parsed into subject, text, HTML and the links of the text, so a test can follow the
 * link an email carries. Start it, give the server its `url` as the SMTP URL, read `received` or
 * wait with `waitForEmail`, and close it.
 *
 *   const smtp = await startLoopbackSmtpServer();
 *   const server = await startServer({ port: 0, smtpUrl: smtp.url });
 *   const email = await smtp.waitForEmail((email) => email.to === 'pat.doe@example.com');
 *   await fetch(email.links[0]);
 */
import { SMTPServer } from 'smtp-server';
import { findLinks } from './email-html';

export interface ReceivedEmail {
  /** MAIL FROM and RCPT TO of the SMTP conversation. */
  envelope: { from: string; to: string[] };
  /** The message's headers by lower-case name (the first of each), encoded words decoded. */
  headers: ReadonlyMap<string, string>;
  from: string;
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded; undefined when there is none. */
  html: string | undefined;
  /** The http(s) links of the text part, in order. */
  links: string[];
  /** The message as received. */
  raw: string;
}

export interface LoopbackSmtpServerOptions {
  /** Default 0: a free port of the system's choosing. Pass an earlier server's port to bring "the same" server back. */
  port?: number;
  /** Require AUTH with these; `url` then carries them. Without: no AUTH. */
  credentials?: { user: string; password: string };
  /**
   * Refuse logins with a reply that quotes the password tried, as a careless server might: for
   * tests that prove the sender never repeats a secret.
   */
  quotePasswordWhenRefusing?: boolean;
  /**
   * Never answer the end of the first message's DATA, as a server that stops mid-send: the sender
   * times out (or dies waiting) and the message is not received. `held` says when it arrived.
   */
  holdFirstMessage?: boolean;
}

export interface LoopbackSmtpServer {
  /** `smtp://[user:password@]127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every email received, oldest first. */
  readonly received: readonly ReceivedEmail[];
  /** With `holdFirstMessage`: resolves once the first message has arrived and is held. */
  readonly held: Promise<void>;
  /** The first email received (now or later) that `matches`; rejects after `timeoutMs`. */
  waitForEmail(matches?: (email: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1. */
export async function startLoopbackSmtpServer(options: LoopbackSmtpServerOptions = {}): Promise<LoopbackSmtpServer> {
  const { credentials } = options;
  const received: ReceivedEmail[] = [];
  const waiters = new Set<(email: ReceivedEmail) => void>();
  let holding = options.holdFirstMessage ?? false;
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));

  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS, whose self-signed certificate the client would refuse.
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
        return;
      }
      const quoted = options.quotePasswordWhenRefusing ? ` (password "${auth.password ?? ''}")` : '';
      callback(Object.assign(new Error(`Invalid username or password${quoted}`), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding) {
          holding = false;
          arrived();
          return;
        }
        const mailFrom = session.envelope.mailFrom;
        const email = parseEmail(Buffer.concat(chunks).toString('latin1'), {
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        received.push(email);
        for (const waiter of waiters) waiter(email);
        callback(null);
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    const listening = server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = listening.address();
      if (address === null || typeof address === 'string') reject(new Error('The SMTP server has no TCP address'));
      else resolve(address.port);
    });
  });
  // An error after start (a client that misbehaves) must not end the test process.
  server.on('error', () => undefined);

  const userInfo = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : '';
  return {
    url: `smtp://${userInfo}127.0.0.1:${String(port)}`,
    port,
    received,
    held,
    waitForEmail(matches = () => true, timeoutMs = 5000) {
      const earlier = received.find(matches);
      if (earlier) return Promise.resolve(earlier);
      return new Promise((resolve, reject) => {
        const waiter = (email: ReceivedEmail) => {
          if (!matches(email)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(email);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching email within ${String(timeoutMs)} ms (${String(received.length)} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// What follows reads the MIME that mail clients and libraries such as nodemailer write: headers
// with encoded words, multipart bodies, and base64 or quoted-printable parts.

/** A MIME entity: headers and the body as received (a latin1 string, one character per byte). */
interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const match = /\r?\n\r?\n/.exec(raw);
  const headerBlock = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of headerBlock.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The main value and the parameters of a header such as Content-Type. */
function headerParameters(value: string | undefined): { value: string; parameters: Map<string, string> } {
  const [main = '', ...rest] = (value ?? '').split(';');
  const parameters = new Map<string, string>();
  for (const part of rest) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    parameters.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { value: main.trim().toLowerCase(), parameters };
}

const latin1Bytes = (text: string) => Buffer.from(text, 'latin1');

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function quotedPrintableBytes(text: string): Buffer {
  const unfolded = text.replace(/=\r?\n/g, '');
  return latin1Bytes(unfolded.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  // Whitespace between two encoded words is not part of the text.
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(word, (_, charset: string, encoding: string, text: string) => {
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' '));
    return decodeBytes(bytes, charset);
  });
}

/** The decoded text of a leaf entity. */
function entityText(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParameters(entity.headers.get('content-type')).parameters.get('charset') ?? 'utf-8';
  const bytes =
    encoding === 'base64'
      ? Buffer.from(entity.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintableBytes(entity.body)
        : latin1Bytes(entity.body);
  // Lines travel with CRLF; a test compares them with the text as written.
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n');
}

/** The first text/plain and text/html parts, depth first. */
function findParts(entity: Entity, found: { text?: string; html?: string } = {}): { text?: string; html?: string } {
  const type = headerParameters(entity.headers.get('content-type') ?? 'text/plain');
  const boundary = type.parameters.get('boundary');
  if (type.value.startsWith('multipart/') && boundary) {
    const sections = entity.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*(?:\\r?\\n|$)`));
    // Before the first boundary is the preamble, after the last the epilogue.
    for (const section of sections.slice(1, -1)) findParts(splitEntity(section), found);
    return found;
  }
  if (headerParameters(entity.headers.get('content-disposition')).value === 'attachment') return found;
  if (type.value === 'text/plain') found.text ??= entityText(entity);
  if (type.value === 'text/html') found.html ??= entityText(entity);
  return found;
}

/** Parses a received message (a latin1 string of its bytes). */
export function parseEmail(raw: string, envelope: { from: string; to: string[] }): ReceivedEmail {
  const message = splitEntity(raw);
  const headers = new Map([...message.headers].map(([name, value]) => [name, decodeWords(value)]));
  const { text = '', html } = findParts(message);
  return {
    envelope,
    headers,
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text,
    html,
    links: findLinks(text),
    raw: decodeBytes(latin1Bytes(raw), 'utf-8'),
  };
}
