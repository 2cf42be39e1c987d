/**
 * The outbox on PostgreSQL, as replicas run it, each instance with its own connection pool:
 * senders working through one outbox at the same moment send every email exactly once, directly
 * and on the job queue; and an email whose replica dies mid-send goes out once, through another
 * replica, when its lease is over. PGlite cannot show this (one connection runs one statement at a
 * time). Runs only when TEST_DATABASE_URL names a server where it may create a database of its own
 * (other test files share TEST_DATABASE_URL's, and wipe its outbox when they reset payments).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAIL_FROM, type MailSettings } from '../../config';
import { openDatabase, type OpenedDatabase } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { createTestDatabase, REPLICA_TEST_TIMEOUT_MS, REPLICA_WAIT_MS, testDatabaseUrl } from '../../test/postgres-servers';
import { createTestJobQueue } from '../../test/test-job-queue';
import { startLoopbackSmtpServer, type LoopbackSmtpServer } from './loopback-smtp-server';
import { startJobs } from '../../jobs/job-definition';
import { withJobs } from '../../jobs/jobs-in-scope';
import { OUTBOX_DELIVERY_QUEUE, queueEmail } from './outbox';
import { createOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender';

describe.skipIf(!testDatabaseUrl)('the outbox on PostgreSQL (TEST_DATABASE_URL)', { timeout: REPLICA_TEST_TIMEOUT_MS }, () => {
  let url = '';
  let ownerUrl = '';
  let owner: OpenedDatabase | undefined;
  let drop = () => Promise.resolve();
  let instances: OpenedDatabase[] = [];
  const warnings: string[] = [];
  /** Stopped after each test, senders first, as the server stops them. */
  const running: { smtp: LoopbackSmtpServer[]; senders: OutboxSender[]; queues: JobQueue[]; databases: OpenedDatabase[] } = {
    smtp: [],
    senders: [],
    queues: [],
    databases: [],
  };

  beforeAll(async () => {
    const created = await createTestDatabase('pbp_outbox');
    ({ url, ownerUrl, drop } = created);
    const warn = (message: string) => warnings.push(message);
    instances = [await openDatabase({ databaseUrl: url, ownerUrl, warn }), await openDatabase({ databaseUrl: url, ownerUrl, warn })];
    owner = await created.openAsOwner();
  });
  beforeEach(async () => {
    // The test's own reset, as the owner: the server's role may not truncate.
    await owner?.db.execute(sql`truncate table outbox_emails`);
  });
  afterEach(async () => {
    await Promise.all(running.senders.splice(0).map((sender) => sender.stop()));
    await Promise.all(running.queues.splice(0).map((queue) => queue.stop()));
    await Promise.all(running.databases.splice(0).map((database) => database.close()));
    await Promise.all(running.smtp.splice(0).map((smtp) => smtp.close()));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await owner?.close();
    await drop();
  });

  async function smtpServer(options: Parameters<typeof startLoopbackSmtpServer>[0] = {}): Promise<LoopbackSmtpServer> {
    const smtp = await startLoopbackSmtpServer(options);
    running.smtp.push(smtp);
    return smtp;
  }

  /** A replica: a sender and a job queue of its own over `database` (started by the test). */
  async function replica(database: OpenedDatabase, mail: MailSettings, options: Partial<OutboxSenderOptions> = {}) {
    const sender = createOutboxSender({ db: database.db, mail, warn: (message) => warnings.push(message), ...options });
    running.senders.push(sender);
    const jobs = await createTestJobQueue(database.db, warnings);
    running.queues.push(jobs);
    return { database, sender, jobs };
  }

  /** Queues an email as a request of the replica does: its delivery job in the email's transaction. */
  const queueFromRequest = (on: { database: OpenedDatabase; jobs: JobQueue }, to: string) =>
    withJobs(on.jobs, [OUTBOX_DELIVERY_QUEUE], () =>
      on.database.db.transaction((tx) => queueEmail(tx, { clientId: null, to, subject: 'Receipt', body: `For ${to}` })),
    );

  const allRows = () => instances[1]?.db.select().from(outboxEmails) ?? Promise.resolve([]);

  it('sends each email once when two instances deliver at the same moment', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('Both instances must be open');
    warnings.splice(0);
    const smtp = await smtpServer();
    const addresses = Array.from({ length: 60 }, (_, index) => `patient${String(index)}@example.com`);
    await first.db
      .insert(outboxEmails)
      .values(addresses.map((to) => ({ clientId: null, toAddress: to, subject: 'Receipt', body: `For ${to}` })));

    const senders = [first, second, first, second].map((instance) =>
      createOutboxSender({ db: instance.db, mail: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM } }),
    );
    running.senders.push(...senders);
    const reports = await Promise.all(senders.map((sender) => sender.deliverDue()));

    // What the senders said, should one have stopped short.
    expect({ sent: reports.reduce((sum, report) => sum + report.sent, 0), warnings }).toEqual({ sent: 60, warnings: [] });
    expect(smtp.received.map((email) => email.to).sort()).toEqual([...addresses].sort());
    expect((await allRows()).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    // Both instances did part of the work: the test really ran them side by side.
    expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
  });

  it('sends each email once when two replicas work one outbox on the job queue', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('Both instances must be open');
    const smtp = await smtpServer();
    const mail = { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM };
    const replicas = [await replica(first, mail), await replica(second, mail)];
    for (const { sender, jobs } of replicas) await startJobs(jobs, sender.jobs);

    const addresses = Array.from({ length: 30 }, (_, index) => `patient${String(index)}@example.com`);
    for (const [index, to] of addresses.entries()) {
      const on = replicas[index % 2];
      if (on) await queueFromRequest(on, to);
    }

    await vi.waitFor(() => expect(smtp.received).toHaveLength(addresses.length), { timeout: REPLICA_WAIT_MS, interval: 200 });
    expect(smtp.received.map((email) => email.to).sort()).toEqual([...addresses].sort());
    // The SMTP server has the last email a moment before its sender writes that it went out.
    await vi.waitFor(async () => expect((await allRows()).filter((row) => row.sentAt === null)).toEqual([]), {
      timeout: REPLICA_WAIT_MS,
      interval: 200,
    });
    expect((await allRows()).every((row) => row.attempts === 1)).toBe(true);
  });

  it('sends an email once when the replica sending it dies mid-send: another takes it up when the lease is over', async () => {
    const [, survivorDatabase] = instances;
    if (!survivorDatabase) throw new Error('The instance must be open');
    // The first message hangs at the SMTP server, as the doomed replica sends it.
    const smtp = await smtpServer({ holdFirstMessage: true });
    const mail = { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM };
    const timing = { leaseMs: 3000, sendTimeoutMs: 1000, retry: { firstDelayMs: 1000, maxDelayMs: 2000 } };
    const doomedDatabase = await openDatabase({ databaseUrl: url, ownerUrl, warn: (message) => warnings.push(message) });
    const doomed = await replica(doomedDatabase, mail, timing);
    await startJobs(doomed.jobs, doomed.sender.jobs);
    const survivor = await replica(survivorDatabase, mail, timing);

    await queueFromRequest(doomed, 'pat.doe@example.com');
    await smtp.held;
    // The doomed replica's process is gone: it can no longer say what became of the email.
    await doomedDatabase.close();
    // Only now does the survivor work the outbox, so the doomed replica had the email to itself.
    await startJobs(survivor.jobs, survivor.sender.jobs);

    const email = await smtp.waitForEmail((received) => received.to === 'pat.doe@example.com', REPLICA_WAIT_MS);
    expect(email.subject).toBe('Receipt');
    // Marked sent once the SMTP server has taken it.
    await vi.waitFor(async () => expect((await allRows())[0]?.sentAt).toBeInstanceOf(Date));
    expect(await allRows()).toMatchObject([{ attempts: 2, lastError: null }]);
    expect(smtp.received).toHaveLength(1);
  });
});
