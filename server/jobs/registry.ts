/**
 * Every job the server runs, listed once: what happens after a commit (an email's delivery, the
 * hand-over and delivery of webhooks, the work a request leaves for after its answer) and the
 * sweeps on a schedule. `startServer` starts them all on its queue (`startJobs`); the unit tests'
 * harness runs the same handlers for the jobs its requests sent. A new job: define it beside the
 * work it does (`defineJob`, with its data's schema, its retry policy and any schedule) and add it
 * here.
 */
import type { Database } from '../db/client';
import { housekeepingJob } from '../housekeeping';
import { createThrottleService } from '../core/throttle/throttle.service';
import { createClientsService } from '../core/clients/clients.service';
import type { OutboxSender } from '../core/mail/outbox-sender';
import { createPasswordService, resetLinkJob } from '../patients/password/password.service';
import { createRefundsService } from '../core/payments/refunds.service';
import { createSandboxProcessor } from '../core/processor/sandbox-processor';
import { createRegistrationService, registrationJob, resendLinkJob } from '../core/registration/registration.service';
import { webhookJobs } from '../core/webhooks/webhook-dispatch';
import type { SecretBox } from '../security/secret-box';
import { defineJob, type RegisteredJob } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * The queue of a request's work after its answer: a few tries a minute apart, and the job (which
 * holds an email address) deleted a day after it ends, or given up a day after it was sent.
 */
export const AFTER_ANSWER_QUEUE = { retryLimit: 3, retryDelay: 60, retryBackoff: true, retentionSeconds: 24 * 60 * 60, deleteAfterSeconds: 24 * 60 * 60 } as const;

export interface JobRegistryDeps {
  db: Database;
  /** Where the jobs send the jobs they ask for (webhook deliveries). */
  queue: Pick<JobQueue, 'send' | 'wake'>;
  secrets: SecretBox;
  now: () => Date;
  warn: (message: string) => void;
  /** The SMTP sender, when the server sends email: its delivery and sweep jobs. */
  outbox?: Pick<OutboxSender, 'jobs'> | undefined;
  /** Development and tests: webhook endpoints on this machine (AppConfig.webhooksAllowPrivate). */
  webhooksAllowPrivate?: boolean;
}

/**
 * The queues of earlier versions that no job of this one runs, deleted when the server starts so
 * their schedules stop sending: `webhook-enqueue`, the webhook hand-over as a singleton queue (a
 * job left active by a dead worker held back every other for 15 minutes; now `webhook-hand-over`).
 */
export const RETIRED_QUEUES: readonly string[] = ['webhook-enqueue'];

/** Every job of the server, over `db`. */
export function createJobRegistry({ db, queue, secrets, now, warn, outbox, webhooksAllowPrivate = false }: JobRegistryDeps): RegisteredJob[] {
  const clients = createClientsService({ db });
  const throttle = createThrottleService({ db, now });
  const passwords = createPasswordService({ db, clients, throttle, jobs: queue, now });
  const registration = createRegistrationService({ db, clients, throttle, jobs: queue, now });
  const refunds = createRefundsService({ db, processorFor: createSandboxProcessor({ db, now }).processorFor, now });
  return [
    defineJob({ ...resetLinkJob, queue: AFTER_ANSWER_QUEUE, handler: passwords.sendResetLink }),
    defineJob({ ...registrationJob, queue: AFTER_ANSWER_QUEUE, handler: registration.registerOrRemind }),
    defineJob({ ...resendLinkJob, queue: AFTER_ANSWER_QUEUE, handler: registration.resendLink }),
    ...(outbox?.jobs ?? []),
    housekeepingJob(db, warn, { refunds }),
    // Signed with the real time whatever the server's clock (tests move that one to age sessions).
    ...webhookJobs({ queue, delivery: { db, now: () => new Date(), secrets, allowPrivateAddresses: webhooksAllowPrivate } }),
  ];
}

