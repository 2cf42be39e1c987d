/**
 * What a job is: its queue's name, the shape of its data (checked before its handler runs, so a
 * job written by an older version or by hand fails loudly instead of half-running), its retry
 * policy, its schedule if it has one, and its handler. Modules define their jobs with `defineJob`;
 * the registry (registry.ts) lists them all, and `startJobs` runs a list of them on a queue.
 */
import * as v from 'valibot';
import type { JobInfo, JobQueue, QueueDefinition } from './job-queue';

/** The name and data of a job, all a sender needs to know of it. */
export interface JobKind<T> {
  name: string;
  data: v.GenericSchema<unknown, T>;
}

/** A job's definition: its kind, the options of its queue (a retry policy always), and its handler. */
export interface JobDefinition<T> extends JobKind<T> {
  /** pg-boss's options of the queue: `retryLimit` (0: never retried) is always said. */
  queue: QueueDefinition & { retryLimit: number };
  /** A cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  /** Jobs of the queue run at once in one process. Default 1. */
  concurrency?: number;
  /** How often an idle worker looks for a job. Default: the queue's. */
  pollingIntervalSeconds?: number;
  handler: (data: T, job: JobInfo) => Promise<void>;
}

/** A definition with its data's type erased: what the registry lists and `startJobs` runs. */
export interface RegisteredJob extends Omit<JobDefinition<unknown>, 'data' | 'handler'> {
  /** Checks the data against the job's schema, then runs the handler. */
  run(data: unknown, job: JobInfo): Promise<void>;
}

/** Defines a job; its data is checked against `data` before `handler` runs. */
export function defineJob<T>({ data, handler, ...rest }: JobDefinition<T>): RegisteredJob {
  return { ...rest, run: async (input, job) => handler(v.parse(data, input), job) };
}

/** The data of a job that needs none (a sweep's): an empty object. */
export const noData = v.object({});

/** Where senders send: a queue, or the part of one that sends. */
export type JobSender = Pick<JobQueue, 'send'>;

/** Sends a job of `kind`, inside `executor`'s transaction when one is given (it commits or rolls back with it). */
export function sendJob<T extends object>(jobs: JobSender, kind: JobKind<T>, data: T, options: Parameters<JobQueue['send']>[2] = {}): Promise<string | null> {
  return jobs.send(kind.name, data, options);
}

/**
 * Declares each job's queue on `queue`, runs its workers and its schedule. `around` wraps every
 * handler's run (the server puts its email delivery requests in scope there, as it does for requests).
 * The `retired` queues (an earlier version's) are deleted first, with their jobs and schedules.
 */
export async function startJobs(
  queue: JobQueue,
  jobs: readonly RegisteredJob[],
  around: (work: () => Promise<void>) => Promise<void> = (work) => work(),
  { work = true, retired = [] }: { work?: boolean; retired?: readonly string[] } = {},
): Promise<void> {
  for (const name of retired) await queue.deleteQueue(name);
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`The job ${job.name} is defined twice`);
    names.add(job.name);
    await queue.defineQueue(job.name, job.queue);
  }
  // A process that only sends jobs (`work: false`) leaves them all to the processes that work them.
  if (!work) return;
  for (const job of jobs) {
    await queue.work(
      job.name,
      { ...(job.concurrency === undefined ? {} : { concurrency: job.concurrency }), ...(job.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: job.pollingIntervalSeconds }) },
      (data, info) => around(() => job.run(data, info)),
    );
    if (job.schedule !== undefined) await queue.schedule(job.name, job.schedule, {});
  }
}
