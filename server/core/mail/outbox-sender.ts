/**
 * Delivers the outbox over SMTP, on the server's job queue. The outbox table stays the truth of
 * what must go out, so an SMTP outage loses nothing: an email is claimed (see `claimNextDue`),
 * sent, and marked sent; a failed attempt makes it due again after a delay that doubles up to a
 * cap, for as long as it takes. Senders in several server instances over one database never send
 * one email twice.
 *
 * Two queues do the work. `outbox.deliver` has a job per email the server's requests queue, sent
 * in the email's own transaction (`sendInScope`), so it goes out as soon as that commits.
 * `outbox.sweep` runs every minute and works through every email that is due: those written by a
 * process without a queue (the office command), those whose delivery job was lost with its
 * replica, and the retries.
 */
import type { MailSettings } from '../../config';
import { shortReason } from '../../db/availability';
import type { Database } from '../../db/client';
import { defineJob, noData, type RegisteredJob } from '../../jobs/job-definition';
import { claimNextDue, emailDeliveryJob, markFailed, markSent, type OutboxEmail } from './outbox';
import { createSmtpMailer } from './smtp-mailer';


/** The queue of the sweep through every due email. */
export const OUTBOX_SWEEP_QUEUE = 'outbox.sweep';
/** When the sweep runs: every minute. */
export const OUTBOX_SWEEP_CRON = '* * * * *';

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
   * for the next sweep, so an unreachable server costs one attempt per sweep, not one per email).
   * `signal` abandons the send in flight and ends the pass.
   */
  deliverDue(signal?: AbortSignal): Promise<DeliveryReport>;
  /** Sends the email `emailId` if it is due and no other sender holds it. */
  deliverEmail(emailId: number, signal?: AbortSignal): Promise<DeliveryReport>;
  /** What the sweep job runs: `deliverDue`, with an outbox it cannot read reported once, not at every sweep. */
  sweep(signal?: AbortSignal): Promise<void>;
  /** Its two jobs (the delivery of one email, the sweep every minute), for the registry. */
  readonly jobs: readonly RegisteredJob[];
  /** Claims nothing more, lets the send in flight finish (abandoned past the grace), and closes the SMTP connections; idempotent. */
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
  retry = DEFAULT_RETRY,
  sendTimeoutMs = 60_000,
  leaseMs = 5 * 60_000,
  stopGraceMs = 5_000,
}: OutboxSenderOptions): OutboxSender {
  if (leaseMs <= sendTimeoutMs) throw new Error('The outbox lease must outlast a send');
  const mailer = createSmtpMailer(mail);
  /** Set on stop: no further email is claimed. */
  let closing = false;
  /** Aborted once the sends in flight at stop have had their grace. */
  const abandon = new AbortController();
  const later = (ms: number) => new Date(now().getTime() + ms);
  /** The deliveries running now, which stop waits for. */
  const running = new Set<Promise<unknown>>();

  /** Sends a claimed email and records the outcome. */
  async function attempt(email: OutboxEmail, signal: AbortSignal | undefined): Promise<'sent' | 'failed'> {
    try {
      await mailer.send(email, AbortSignal.any([abandon.signal, AbortSignal.timeout(sendTimeoutMs), ...(signal ? [signal] : [])]));
    } catch (error) {
      const reason = mailer.describeFailure(error);
      const delayMs = retryDelayMs(email.attempts, retry);
      await markFailed(db, email.id, later(delayMs), reason);
      warn(`Email ${String(email.id)} was not sent (attempt ${String(email.attempts)}, due again in ${String(Math.ceil(delayMs / 1000))} s): ${reason}`);
      return 'failed';
    }
    try {
      await markSent(db, email.id, now());
    } catch (error) {
      // The claim's lease keeps other senders off it for a while; after that it goes again.
      warn(`Email ${String(email.id)} was sent but could not be marked sent, so it may go out again: ${mailer.redact(shortReason(error))}`);
      throw error;
    }
    return 'sent';
  }

  /** Claims and sends emails (the one `emailId`, else every due one) until none is left or one fails. */
  async function deliver(emailId: number | undefined, signal: AbortSignal | undefined): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    while (!closing && !signal?.aborted) {
      const email = await claimNextDue(db, now(), later(leaseMs), emailId);
      if (!email) break;
      if ((await attempt(email, signal)) === 'failed') {
        report.failed += 1;
        break;
      }
      report.sent += 1;
      if (emailId !== undefined) break;
    }
    return report;
  }

  /** Runs a delivery where stop can wait for it. */
  function tracked<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    return work.finally(() => running.delete(work));
  }

  /** While the outbox cannot be read (the database is away), said once, not at every sweep. */
  let unreadable = false;
  async function sweep(signal?: AbortSignal): Promise<void> {
    try {
      await tracked(deliver(undefined, signal));
      if (unreadable) warn('The outbox can be worked through again.');
      unreadable = false;
    } catch (error) {
      if (!unreadable) warn(`The outbox could not be worked through; the sender keeps trying: ${mailer.redact(shortReason(error))}`);
      unreadable = true;
    }
  }

  let stopped: Promise<void> | undefined;
  const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

  return {
    server: mailer.server,
    deliverDue: (signal) => tracked(deliver(undefined, signal)),
    deliverEmail: (emailId, signal) => tracked(deliver(emailId, signal)),
    sweep,

    // A delivery job is given up once the lease is over: by then a sender that died mid-send has
    // left the email to whoever takes the job next, or to the sweep. A job that failed (the
    // database was away) is tried again after the outbox's own growing waits. A sweep that fails is
    // followed by the next minute's.
    jobs: [
      defineJob({
        ...emailDeliveryJob,
        queue: { retryLimit: 3, retryDelay: seconds(retry.firstDelayMs), retryBackoff: true, retryDelayMax: seconds(retry.maxDelayMs), expireInSeconds: Math.ceil(leaseMs / 1000) },
        concurrency: 2,
        handler: async ({ emailId }, job) => {
          await tracked(deliver(emailId, job.signal));
        },
      }),
      defineJob({
        name: OUTBOX_SWEEP_QUEUE,
        data: noData,
        queue: { retryLimit: 0, expireInSeconds: 15 * 60 },
        schedule: OUTBOX_SWEEP_CRON,
        handler: (_data, job) => sweep(job.signal),
      }),
    ],

    stop() {
      stopped ??= (async () => {
        closing = true;
        if (running.size > 0) {
          // The sends in flight may finish (their emails are then marked sent); past the grace they
          // are abandoned and count as failed attempts, to be retried by whoever runs next.
          const grace = setTimeout(() => abandon.abort(), stopGraceMs);
          await Promise.allSettled(running);
          clearTimeout(grace);
        }
        mailer.close();
      })();
      return stopped;
    },
  };
}
