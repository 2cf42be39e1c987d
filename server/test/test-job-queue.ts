/** A job queue for tests: pg-boss's rounds short enough that a test waits seconds, not minutes. */
import type { Database } from '../db/client';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../jobs/job-queue';

/**
 * A queue over `db` that polls every 0.5 s, gives jobs in flight 1 s on stop, puts back the jobs
 * of a dead replica within a second of their expiry, and sends a schedule's due job within seconds
 * of its start. Its warnings go to `warnings`.
 */
export function createTestJobQueue(db: Database, warnings: string[] = [], options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
  return createJobQueue({
    db,
    warn: (message) => warnings.push(message),
    pollingIntervalSeconds: 0.5,
    stopGraceSeconds: 1,
    intervals: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, queueCacheIntervalSeconds: 1, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    ...options,
  });
}
