/**
 * Delivers the outbox over SMTP. The outbox table is the queue, so an SMTP outage loses nothing:
 * an email is claimed (see `claimNextDue`), sent, and marked sent; a failed attempt is retried
 * after a delay that doubles up to a cap, for as long as it takes. Senders in several server
 * instances over one database never send one email twice. The sender looks on a timer and soon
 * after this process queues an email, and stops cleanly with the server.
 */
import type { MailSettings } from '../../config';
import { shortReason } from '../../db/availability';
import type { Database } from '../../db/client';
import { claimNextDue, markFailed, markSent, onEmailQueued } from './outbox';
import { createSmtpMailer } from './smtp-mailer';

export interface RetryPolicy {
  /** The wait after the first failed attempt; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 };

/** The wait before the next attempt after `attempts` failed ones (1 or more). */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export interface OutboxSenderOptions {
  db: Database;
  mail: MailSettings;
  now?: () => Date;
  /** Where failures are reported, one line each, without secrets. */
  warn?: (message: string) => void;
  /** How often the outbox is looked at without a nudge. Default 5 s. */
  pollIntervalMs?: number;
  /** How long after this process queues an email the sender looks (its transaction commits first). Default 200 ms. */
  nudgeDelayMs?: number;
  retry?: RetryPolicy;
  /** The longest one send may take before it is abandoned as failed. Default 60 s. */
  sendTimeoutMs?: number;
  /**
   * How long a claimed email stays out of other senders' reach. Longer than a send may take, so
   * only a sender that died mid-send leaves it for another. Default 5 minutes.
   */
  leaseMs?: number;
  /** On stop, how long a send in flight may finish before it is abandoned. Default 5 s. */
  stopGraceMs?: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export interface OutboxSender {
  /**
   * Sends the due emails one after another until none is due or one fails (the next ones wait
   * for the next look, so an unreachable server costs one attempt per look, not one per email).
   */
  deliverDue(): Promise<DeliveryReport>;
  /** Starts looking on the timer and after each email this process queues. */
  start(): void;
  /** Stops looking and waits for the send in flight; idempotent. */
  stop(): Promise<void>;
  /** The SMTP server as logs may name it (no credentials). */
  readonly server: string;
}

/** A sender over `db` that sends through `mail.smtpUrl` as `mail.from`. */
export function createOutboxSender({
  db,
  mail,
  now = () => new Date(),
  warn = (message) => console.warn(message),
  pollIntervalMs = 5_000,
  nudgeDelayMs = 200,
  retry = DEFAULT_RETRY,
  sendTimeoutMs = 60_000,
  leaseMs = 5 * 60_000,
  stopGraceMs = 5_000,
}: OutboxSenderOptions): OutboxSender {
  if (leaseMs <= sendTimeoutMs) throw new Error('The outbox lease must outlast a send');
  const mailer = createSmtpMailer(mail);
  /** Set on stop: no further email is claimed. */
  let closing = false;
  /** Aborted once the send in flight at stop has had its grace. */
  const abandon = new AbortController();
  const later = (ms: number) => new Date(now().getTime() + ms);

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    while (!closing) {
      const email = await claimNextDue(db, now(), later(leaseMs));
      if (!email) break;
      try {
        await mailer.send(email, AbortSignal.any([abandon.signal, AbortSignal.timeout(sendTimeoutMs)]));
      } catch (error) {
        const reason = mailer.describeFailure(error);
        const delayMs = retryDelayMs(email.attempts, retry);
        await markFailed(db, email.id, later(delayMs), reason);
        warn(`Email ${String(email.id)} was not sent (attempt ${String(email.attempts)}, next in ${String(Math.ceil(delayMs / 1000))} s): ${reason}`);
        report.failed += 1;
        break;
      }
      try {
        await markSent(db, email.id, now());
      } catch (error) {
        // The claim's lease keeps other senders off it for a while; after that it goes again.
        warn(`Email ${String(email.id)} was sent but could not be marked sent, so it may go out again: ${mailer.redact(shortReason(error))}`);
        throw error;
      }
      report.sent += 1;
    }
    return report;
  }

  let pass: Promise<void> | undefined;
  let lookAgain = false;
  /** While the outbox cannot be read (the database is away), said once, not at every look. */
  let unreadable = false;
  // A function, so the loop below reads the flags as they are now, set meanwhile by a look or a stop.
  const looksPending = () => lookAgain && !closing;
  /** One pass at a time; a look asked for during a pass runs right after it. */
  const look = () => {
    if (closing) return;
    if (pass) {
      lookAgain = true;
      return;
    }
    pass = (async () => {
      do {
        lookAgain = false;
        try {
          await deliverDue();
          if (unreadable) warn('The outbox can be worked through again.');
          unreadable = false;
        } catch (error) {
          if (!unreadable) warn(`The outbox could not be worked through; the sender keeps trying: ${mailer.redact(shortReason(error))}`);
          unreadable = true;
        }
      } while (looksPending());
    })().finally(() => {
      pass = undefined;
    });
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  let nudge: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped: Promise<void> | undefined;

  return {
    server: mailer.server,
    deliverDue,
    start() {
      if (timer || closing) return;
      timer = setInterval(look, pollIntervalMs);
      // Neither the timer nor a nudge keeps the process alive by itself.
      timer.unref();
      unsubscribe = onEmailQueued(() => {
        nudge ??= setTimeout(() => {
          nudge = undefined;
          look();
        }, nudgeDelayMs);
        nudge.unref();
      });
      look();
    },
    stop() {
      stopped ??= (async () => {
        closing = true;
        clearInterval(timer);
        clearTimeout(nudge);
        unsubscribe?.();
        if (pass) {
          // The send in flight may finish (its email is then marked sent); past the grace it is
          // abandoned and counts as a failed attempt, to be retried by whoever runs next.
          const grace = setTimeout(() => abandon.abort(), stopGraceMs);
          await pass;
          clearTimeout(grace);
        }
        mailer.close();
      })();
      return stopped;
    },
  };
}
