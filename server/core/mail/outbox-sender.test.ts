/**
 * SMTP delivery from the outbox, against a real SMTP server on loopback and the real database
 * schema (in-memory PGlite), directly and on the job queue.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAIL_FROM, type MailSettings } from '../../config';
import type { Database, OpenedDatabase } from '../../db/client';
import { openDatabase, queryRows } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { startLoopbackSmtpServer, type LoopbackSmtpServer } from './loopback-smtp-server';
import type { JobQueue } from '../../jobs/job-queue';
import { createTestJobQueue } from '../../test/test-job-queue';
import { startJobs } from '../../jobs/job-definition';
import { withJobs } from '../../jobs/jobs-in-scope';
import { claimNextDue, OUTBOX_DELIVERY_QUEUE, queueEmail, type Email } from './outbox';
import {
  createOutboxSender,
  OUTBOX_SWEEP_CRON,
  OUTBOX_SWEEP_QUEUE,
  retryDelayMs,
  type OutboxSender,
  type OutboxSenderOptions,
} from './outbox-sender';

let database: OpenedDatabase;
const open: { smtp: LoopbackSmtpServer[]; senders: OutboxSender[]; queues: JobQueue[] } = { smtp: [], senders: [], queues: [] };

beforeAll(async () => {
  database = await openDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table outbox_emails`);
});
afterEach(async () => {
  await Promise.all(open.senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(open.queues.splice(0).map((jobs) => jobs.stop()));
  await Promise.all(open.smtp.splice(0).map((smtp) => smtp.close()));
});

async function smtpServer(options: Parameters<typeof startLoopbackSmtpServer>[0] = {}): Promise<LoopbackSmtpServer> {
  const smtp = await startLoopbackSmtpServer(options);
  open.smtp.push(smtp);
  return smtp;
}

/** A clock that runs with real time and can be moved ahead (the outbox's own times are the database's). */
/** A clock that stands still until advanced, so waits measured on it are exact however slow the machine. */
function clock() {
  let current = Date.now();
  return {
    now: () => new Date(current),
    advanceMs(ms: number) {
      current += ms;
    },
  };
}

function sender(mail: MailSettings, options: Partial<OutboxSenderOptions> = {}, db: Database = database.db): OutboxSender & { warnings: string[] } {
  const warnings: string[] = [];
  const created = createOutboxSender({ db, mail, warn: (message) => warnings.push(message), ...options });
  open.senders.push(created);
  return Object.assign(created, { warnings });
}

const settings = (smtpUrl: string): MailSettings => ({ smtpUrl, from: DEFAULT_MAIL_FROM });

const receipt: Email = {
  clientId: null,
  to: 'pat.doe@example.com',
  subject: 'Sunrise Laboratories: Justificante de pago P-ABC',
  body: 'Sunrise Laboratories: Justificante de pago\n\nNúmero de confirmación: P-ABC\n  Importe: 5,00 €',
  language: 'es-ES',
};

async function rows() {
  return database.db.select().from(outboxEmails).orderBy(asc(outboxEmails.id));
}

describe('sending the outbox over SMTP', () => {
  it('delivers a queued email with its subject, sender, recipient, text and HTML parts, in its language', async () => {
    const smtp = await smtpServer();
    await queueEmail(database.db, { ...receipt, html: '<p>Justificante <b>P-ABC</b></p>' });

    expect(await sender(settings(smtp.url)).deliverDue()).toEqual({ sent: 1, failed: 0 });

    const [email] = smtp.received;
    expect(smtp.received).toHaveLength(1);
    expect(email?.envelope).toEqual({ from: 'no-reply@localhost', to: ['pat.doe@example.com'] });
    expect(email?.from).toBe('Patient Billing Portal <no-reply@localhost>');
    expect(email?.to).toBe('pat.doe@example.com');
    expect(email?.subject).toBe('Sunrise Laboratories: Justificante de pago P-ABC');
    expect(email?.text).toBe(receipt.body);
    expect(email?.html).toBe('<p>Justificante <b>P-ABC</b></p>');
    expect(email?.headers.get('content-language')).toBe('es-ES');
    expect(email?.headers.get('message-id')).toMatch(/^<outbox-\d+-\d+@localhost>$/);
    const [row] = await rows();
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
  });

  it('gives an email written as text only an HTML part with the same words, escaped, and its links clickable', async () => {
    const smtp = await smtpServer();
    await queueEmail(database.db, {
      ...receipt,
      body: 'Hola <b>Pat</b> & co.\n\nActive su cuenta: https://portal.example/SUN/confirmation/activate?token=a1&x=2.',
    });
    await sender(settings(smtp.url)).deliverDue();

    const html = smtp.received[0]?.html ?? '';
    expect(html).toContain('<html lang="es-ES">');
    expect(html).toContain('Hola &#60;b&#62;Pat&#60;/b&#62; &#38; co.');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<a href="https://portal.example/SUN/confirmation/activate?token=a1&#38;x=2">https://portal.example/SUN/confirmation/activate?token=a1&#38;x=2</a>.',
    );
    expect(smtp.received[0]?.links).toEqual(['https://portal.example/SUN/confirmation/activate?token=a1&x=2']);
  });

  it('sends From the configured address', async () => {
    const smtp = await smtpServer();
    await queueEmail(database.db, receipt);
    await sender({ smtpUrl: smtp.url, from: 'Sunrise Billing <billing@sunrise.example>' }).deliverDue();
    expect(smtp.received[0]?.from).toBe('Sunrise Billing <billing@sunrise.example>');
    expect(smtp.received[0]?.envelope.from).toBe('billing@sunrise.example');
  });

  it('keeps an email queued while the SMTP server is down, waiting longer after each failure, and delivers it once the server is back', async () => {
    const smtp = await smtpServer();
    const { port, url } = smtp;
    await smtp.close();
    await queueEmail(database.db, receipt);
    const time = clock();
    const retry = { firstDelayMs: 30_000, maxDelayMs: 100_000 };
    const outbox = sender(settings(url), { now: time.now, retry });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const before = time.now().getTime();
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: attempt, sentAt: null });
      expect(row?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      waits.push(Math.round(((row?.nextAttemptAt.getTime() ?? 0) - before) / 1000));
      // Not due before its time.
      expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
      time.advanceMs(row ? row.nextAttemptAt.getTime() - time.now().getTime() : 0);
    }
    expect(waits).toEqual([30, 60, 100, 100]);
    expect(outbox.warnings).toHaveLength(4);

    const back = await smtpServer({ port });
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(back.received.map((email) => email.subject)).toEqual([receipt.subject]);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 5, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('stops a pass at the first failure, so an unreachable server costs one attempt per look', async () => {
    const smtp = await smtpServer();
    await smtp.close();
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await queueEmail(database.db, { ...receipt, to });
    expect(await sender(settings(smtp.url)).deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect((await rows()).map((row) => row.attempts)).toEqual([1, 0, 0]);
  });

  it('sends every due email in a pass, oldest first, and leaves sent ones alone afterwards', async () => {
    const smtp = await smtpServer();
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await queueEmail(database.db, { ...receipt, to });
    const outbox = sender(settings(smtp.url));
    expect(await outbox.deliverDue()).toEqual({ sent: 3, failed: 0 });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((email) => email.to)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });
});

describe('two senders over one database', () => {
  it('never send one email twice, however their passes interleave', async () => {
    const smtp = await smtpServer();
    const addresses = Array.from({ length: 30 }, (_, index) => `patient${String(index)}@example.com`);
    for (const to of addresses) await queueEmail(database.db, { ...receipt, to });

    const reports = await Promise.all([sender(settings(smtp.url)).deliverDue(), sender(settings(smtp.url)).deliverDue()]);

    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
    expect(smtp.received.map((email) => email.to).sort()).toEqual([...addresses].sort());
    expect((await rows()).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('leave an email another sender has claimed to it until its lease runs out', async () => {
    const smtp = await smtpServer();
    await queueEmail(database.db, receipt);
    const time = clock();
    const leaseMs = 5 * 60_000;
    // Another instance claims it (and is, say, still talking to the SMTP server).
    expect(await claimNextDue(database.db, time.now(), new Date(time.now().getTime() + leaseMs))).toBeDefined();

    const outbox = sender(settings(smtp.url), { now: time.now, leaseMs });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    // The other instance died mid-send: once the lease is over, the email goes after all.
    time.advanceMs(leaseMs + 1000);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('secrets of the SMTP URL', () => {
  const credentials = { user: 'portal@mail.example', password: 's3cr3t-P@ss word' };

  it('log in with the user and password of the URL', async () => {
    const smtp = await smtpServer({ credentials });
    expect(smtp.url).toContain(encodeURIComponent(credentials.password));
    await queueEmail(database.db, receipt);
    expect(await sender(settings(smtp.url)).deliverDue()).toEqual({ sent: 1, failed: 0 });
  });

  it('never appear in the stored error or the log, even when the server quotes them', async () => {
    const smtp = await smtpServer({ credentials, quotePasswordWhenRefusing: true });
    const wrong = { user: credentials.user, password: 'wr0ng/pa%ss' };
    const url = smtp.url.replace(encodeURIComponent(credentials.password), encodeURIComponent(wrong.password));
    await queueEmail(database.db, receipt);
    const outbox = sender(settings(url));

    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });

    const [row] = await rows();
    const seen = [row?.lastError ?? '', ...outbox.warnings].join('\n');
    expect(row?.lastError).toContain('Invalid username or password');
    expect(seen).toContain('***');
    for (const secret of [wrong.password, encodeURIComponent(wrong.password), Buffer.from(wrong.password).toString('base64')]) {
      expect(seen).not.toContain(secret);
    }
    expect(seen).not.toContain(wrong.user);
  });

  it('never appear when the server cannot be reached', async () => {
    const smtp = await smtpServer();
    await smtp.close();
    const url = `smtp://someone:${encodeURIComponent('t0ken-123')}@127.0.0.1:${String(smtp.port)}?accessToken=oauth-t0ken-456`;
    await queueEmail(database.db, receipt);
    const outbox = sender(settings(url));
    await outbox.deliverDue();
    const [row] = await rows();
    const seen = [row?.lastError ?? '', ...outbox.warnings, outbox.server].join('\n');
    expect(row?.lastError).not.toBeNull();
    for (const secret of ['t0ken-123', 'oauth-t0ken-456', 'someone']) expect(seen).not.toContain(secret);
    expect(outbox.server).toBe(`smtp://127.0.0.1:${String(smtp.port)}`);
  });
});

describe('the sender on the job queue', () => {
  /** A job queue over the test database, stopped after the test (after its senders). */
  async function jobQueue(): Promise<JobQueue> {
    const jobs = await createTestJobQueue(database.db);
    open.queues.push(jobs);
    return jobs;
  }

  /** The queue each sender's jobs run on. */
  const queueOf = new WeakMap<OutboxSender, JobQueue>();
  /** Runs the sender's jobs on `jobs`, as the server's registry does. */
  async function start(outbox: OutboxSender, jobs: JobQueue): Promise<void> {
    await startJobs(jobs, outbox.jobs);
    queueOf.set(outbox, jobs);
  }

  /** Queues an email the way a request of the server does: its delivery job in its transaction. */
  function queueFromRequest(outbox: OutboxSender, email: Email, fail?: string): Promise<number> {
    const jobs = queueOf.get(outbox);
    if (!jobs) throw new Error('The sender is not started');
    return withJobs(jobs, [OUTBOX_DELIVERY_QUEUE], () =>
      database.db.transaction(async (tx) => {
        const id = await queueEmail(tx, email);
        if (fail) throw new Error(fail);
        return id;
      }),
    );
  }

  /** The states of the delivery jobs of an email. */
  async function deliveryJobs(emailId: number): Promise<string[]> {
    const jobs = await queryRows<{ state: string }>(
      database.db,
      sql`select state from pgboss.job where name = ${OUTBOX_DELIVERY_QUEUE} and (data->>'emailId')::int = ${emailId}`,
    );
    return jobs.map((job) => job.state);
  }

  it('sends an email as soon as the transaction that queued it commits, by a job written in that transaction', async () => {
    const smtp = await smtpServer();
    const outbox = sender(settings(smtp.url));
    const jobs = await jobQueue();
    await start(outbox, jobs);

    let rolledBack = 0;
    const watched: Pick<JobQueue, 'send' | 'wake'> = {
      send: (name, data, options) => {
        if ('emailId' in data && typeof data.emailId === 'number') rolledBack = data.emailId;
        return jobs.send(name, data, options);
      },
      wake: (name) => jobs.wake(name),
    };
    await expect(
      withJobs(watched, [OUTBOX_DELIVERY_QUEUE], () =>
        database.db.transaction(async (tx) => {
          await queueEmail(tx, { ...receipt, to: 'rolled.back@example.com' });
          throw new Error('The payment failed');
        }),
      ),
    ).rejects.toThrow('The payment failed');
    const id = await queueFromRequest(outbox, receipt);

    expect((await smtp.waitForEmail()).to).toBe(receipt.to);
    await vi.waitFor(async () => expect(await deliveryJobs(id)).toEqual(['completed']));
    expect(rolledBack).toBeGreaterThan(0);
    expect(await deliveryJobs(rolledBack)).toEqual([]);
    expect(smtp.received.map((email) => email.to)).toEqual([receipt.to]);
  });

  it('sweeps every minute for emails no job asked for, as the office command writes them', async () => {
    const smtp = await smtpServer();
    await database.db.insert(outboxEmails).values({ clientId: null, toAddress: 'early@example.com', subject: 'Early', body: 'Queued before' });
    const jobs = await jobQueue();
    await start(sender(settings(smtp.url)), jobs);
    const schedules = await queryRows<{ cron: string }>(database.db, sql`select cron from pgboss.schedule where name = ${OUTBOX_SWEEP_QUEUE}`);
    expect(schedules).toEqual([{ cron: OUTBOX_SWEEP_CRON }]);
    expect(OUTBOX_SWEEP_CRON).toBe('* * * * *');
    // The minute's sweep, now rather than at the next minute.
    await jobs.send(OUTBOX_SWEEP_QUEUE, {});
    expect((await smtp.waitForEmail()).to).toBe('early@example.com');
  });

  /** An SMTP server that holds each message's DATA until the test lets it go. */
  async function hesitantSmtpServer() {
    let arrived: () => void = () => undefined;
    const dataArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      closeTimeout: 100,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          arrived();
          void released.then(() => callback(null));
        });
      },
    });
    const listening = server.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const address = listening.address();
    const port = address !== null && typeof address === 'object' ? address.port : 0;
    return {
      url: `smtp://127.0.0.1:${String(port)}`,
      dataArrived,
      release,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('lets the send in flight finish when stopped, and marks its email sent', async () => {
    const smtp = await hesitantSmtpServer();
    try {
      const outbox = sender(settings(smtp.url));
      await start(outbox, await jobQueue());
      await queueFromRequest(outbox, receipt);
      await smtp.dataArrived;
      const stopped = outbox.stop();
      smtp.release();
      await stopped;
      const [row] = await rows();
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('abandons a send that outlasts the grace on stop, leaving its email queued with the reason', async () => {
    const smtp = await hesitantSmtpServer();
    try {
      const outbox = sender(settings(smtp.url), { stopGraceMs: 50 });
      await start(outbox, await jobQueue());
      await queueFromRequest(outbox, receipt);
      await smtp.dataArrived;
      await outbox.stop();
      const [row] = await rows();
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      expect(row?.lastError).toMatch(/abort/i);
    } finally {
      smtp.release();
      await smtp.close();
    }
  });

  it('claims nothing once stopped, leaving emails queued for the next start', async () => {
    const smtp = await smtpServer();
    const outbox = sender(settings(smtp.url));
    await start(outbox, await jobQueue());
    await outbox.stop();
    await queueFromRequest(outbox, receipt);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 0, sentAt: null });
  });

  it('reports an outbox it cannot read once, and keeps trying at every sweep', async () => {
    const smtp = await smtpServer();
    const outbox = sender(settings(smtp.url));
    await queueEmail(database.db, receipt);
    // The table is away, as when the database is: every sweep fails.
    await database.db.execute(sql`alter table outbox_emails rename to outbox_emails_away`);
    try {
      for (let sweep = 0; sweep < 5; sweep += 1) await outbox.sweep();
    } finally {
      await database.db.execute(sql`alter table outbox_emails_away rename to outbox_emails`);
    }
    expect(outbox.warnings).toEqual(['The outbox could not be worked through; the sender keeps trying: 42P01: relation "outbox_emails" does not exist']);
    await outbox.sweep();
    expect(outbox.warnings.slice(1)).toEqual(['The outbox can be worked through again.']);
    expect(smtp.received.map((email) => email.to)).toEqual([receipt.to]);
  });
});

describe('the wait between attempts', () => {
  it('doubles after each failure up to the cap', () => {
    const policy = { firstDelayMs: 30_000, maxDelayMs: 15 * 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 50, 5000].map((attempts) => retryDelayMs(attempts, policy) / 1000)).toEqual([
      30, 60, 120, 240, 480, 900, 900, 900, 900,
    ]);
  });
});

describe('a claim', () => {
  it('counts the attempt and skips emails already sent', async () => {
    await queueEmail(database.db, receipt);
    const [row] = await rows();
    await database.db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row?.id ?? 0));
    expect(await claimNextDue(database.db, new Date(Date.now() + 1000), new Date(Date.now() + 60_000))).toBeUndefined();
  });
});
