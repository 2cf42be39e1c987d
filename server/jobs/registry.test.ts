/**
 * One registry of jobs: every queue the server runs is listed there once, with a retry policy and
 * a handler, and nothing else in the server works in the background on timers of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../config';
import { createOutboxSender } from '../core/mail/outbox-sender';
import { developmentSecretBox } from '../security/secret-box';
import { useSeededDatabase } from '../test/harness';
import { AFTER_ANSWER_QUEUE, createJobRegistry, RETIRED_QUEUES } from './registry';

const database = useSeededDatabase();
const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The files of the server that may set a timer, each for one piece of work that is not a
 * background loop: a wait inside one request, a stop's grace, a connection's retry.
 */
const TIMERS_ALLOWED: Record<string, string> = {
  'core/throttle/throttle.service.ts': 'a sign-in waits for an attempt in flight on its key, within the request',
  'core/mail/outbox-sender.ts': 'the grace of the sends in flight when the sender stops',
  'core/mail/loopback-smtp-server.ts': 'the development SMTP server holds one message',
  'jobs/job-queue.ts': 'the grace of the handlers in flight when the queue stops',
  'db/availability.ts': 'the waits between the first connection attempts at start',
  'start.ts': 'the drain time-out of the requests in flight when the server closes',
  'test/webhook-receiver.ts': 'a test receiver answering late',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' || entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the job registry', () => {
  it('lists every job once, each with a retry policy and a handler, the sweeps with their schedules', () => {
    const { db } = database;
    const outbox = createOutboxSender({ db, mail: { smtpUrl: 'smtp://127.0.0.1:2525', from: DEFAULT_MAIL_FROM } });
    const registry = createJobRegistry({ db, queue: { send: () => Promise.resolve(null), wake: () => undefined }, secrets: developmentSecretBox(), now: () => new Date(), warn: () => undefined, outbox });
    const listed = registry.map((job) => ({ name: job.name, retries: typeof job.queue.retryLimit, run: typeof job.run, schedule: job.schedule ?? null }));
    expect(listed).toEqual([
      { name: 'password.reset-link', retries: 'number', run: 'function', schedule: null },
      { name: 'registration.register', retries: 'number', run: 'function', schedule: null },
      { name: 'registration.resend-link', retries: 'number', run: 'function', schedule: null },
      { name: 'outbox.deliver', retries: 'number', run: 'function', schedule: null },
      { name: 'outbox.sweep', retries: 'number', run: 'function', schedule: '* * * * *' },
      { name: 'housekeeping.sweep', retries: 'number', run: 'function', schedule: '*/5 * * * *' },
      { name: 'webhook-delivery', retries: 'number', run: 'function', schedule: null },
      { name: 'webhook-hand-over', retries: 'number', run: 'function', schedule: '* * * * *' },
    ]);
    // The work after an answer holds an email address: kept a day at most.
    for (const job of registry.filter((each) => each.queue === AFTER_ANSWER_QUEUE)) expect(job.queue.deleteAfterSeconds).toBeLessThanOrEqual(24 * 60 * 60);
    expect(registry.filter((each) => each.queue === AFTER_ANSWER_QUEUE)).toHaveLength(3);
  });

  it('retires the singleton webhook hand-over of earlier versions, and no queue a job of this one runs', () => {
    const registry = createJobRegistry({ db: database.db, queue: { send: () => Promise.resolve(null), wake: () => undefined }, secrets: developmentSecretBox(), now: () => new Date(), warn: () => undefined });
    expect(RETIRED_QUEUES).toContain('webhook-enqueue');
    expect(registry.map((job) => job.name).filter((name) => RETIRED_QUEUES.includes(name))).toEqual([]);
    // The server deletes them when it starts its jobs.
    expect(readFileSync(join(fileURLToPath(new URL('..', import.meta.url)), 'start.ts'), 'utf8')).toMatch(/startJobs\([^;]*retired: RETIRED_QUEUES/);
  });

  it('refuses a job whose data is not of its shape before its handler runs', async () => {
    const { db } = database;
    const registry = createJobRegistry({ db, queue: { send: () => Promise.resolve(null), wake: () => undefined }, secrets: developmentSecretBox(), now: () => new Date(), warn: () => undefined });
    const reset = registry.find((job) => job.name === 'password.reset-link');
    await expect(reset?.run({ email: 42 }, { id: '1', retryCount: 0, signal: new AbortController().signal })).rejects.toThrow();
  });

  it('leaves no background loop on timers in the server outside the job queue', () => {
    const timed = sourceFiles(serverDir)
      .filter((file) => /\bset(Interval|Timeout)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(serverDir, file).split('\\').join('/'));
    expect(timed.filter((file) => !(file in TIMERS_ALLOWED))).toEqual([]);
    expect(sourceFiles(serverDir).filter((file) => readFileSync(file, 'utf8').includes('setInterval('))).toEqual([]);
  });
});
