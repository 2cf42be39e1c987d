/**
 * The jobs a request (or a job) asks for as it writes, sent in its transaction: an email's delivery
 * with the email's row, the hand-over of webhook deliveries with the event's. The server runs each
 * request and each job's handler in the scope of its queue (`withJobs`); the writers, deep in the
 * modules, send through `sendInScope`. Outside a server's scope (the unit tests' apps, the partner
 * command) nothing is sent, and the scheduled sweeps find the work instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';
import { sendJob, type JobKind } from './job-definition';
import type { JobQueue } from './job-queue';

interface Scope {
  jobs: Pick<JobQueue, 'send' | 'wake'>;
  /** The jobs the queue in scope runs: a job nobody runs is not sent. */
  running: ReadonlySet<string>;
  /** The names sent in this scope, whose workers are woken once the work is done (and its transaction committed). */
  sent: Set<string>;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `work` with `jobs` in scope for the jobs named in `running`; wakes the workers of what it sent once it is done. */
export async function withJobs<T>(jobs: Pick<JobQueue, 'send' | 'wake'>, running: Iterable<string>, work: () => Promise<T>): Promise<T> {
  const current: Scope = { jobs, running: new Set(running), sent: new Set() };
  try {
    return await scope.run(current, work);
  } finally {
    for (const name of current.sent) jobs.wake(name);
  }
}

/** Sends a job of `kind` in `executor`'s transaction when the queue in scope runs it; otherwise does nothing. */
export async function sendInScope<T extends object>(kind: JobKind<T>, data: T, executor: Pick<Database, 'execute'>): Promise<void> {
  const current = scope.getStore();
  if (!current?.running.has(kind.name)) return;
  await sendJob(current.jobs, kind, data, { executor });
  current.sent.add(kind.name);
}
