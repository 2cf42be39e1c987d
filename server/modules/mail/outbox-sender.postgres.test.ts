/**
 * Two server instances over one PostgreSQL, each with its own connection pool and its own sender,
 * work through one outbox at the same moment: every email is sent exactly once. PGlite cannot
 * show this (one connection runs one statement at a time). Runs only when TEST_DATABASE_URL names
 * a server where it may create a database of its own (other test files share TEST_DATABASE_URL's,
 * and wipe its outbox when they reset payments).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../../config';
import { openDatabase, type OpenedDatabase } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { startLoopbackSmtpServer, type LoopbackSmtpServer } from './loopback-smtp-server';
import { createOutboxSender } from './outbox-sender';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Runs one statement on the server's maintenance connection. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('the outbox on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `pbp_outbox_${randomBytes(4).toString('hex')}`;
  let instances: OpenedDatabase[] = [];
  let smtp: LoopbackSmtpServer;

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    instances = [await openDatabase({ databaseUrl: url.toString() }), await openDatabase({ databaseUrl: url.toString() })];
    smtp = await startLoopbackSmtpServer();
  });

  afterAll(async () => {
    await smtp.close();
    await Promise.all(instances.map((instance) => instance.close()));
    await onServer(`drop database if exists ${name}`);
  });

  it('sends each email once when two instances deliver at the same moment', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('Both instances must be open');
    const addresses = Array.from({ length: 60 }, (_, index) => `patient${String(index)}@example.com`);
    await first.db
      .insert(outboxEmails)
      .values(addresses.map((to) => ({ clientId: null, toAddress: to, subject: 'Receipt', body: `For ${to}` })));

    const senders = [first, second, first, second].map((instance) =>
      createOutboxSender({ db: instance.db, mail: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM } }),
    );
    const reports = await Promise.all(senders.map((sender) => sender.deliverDue()));
    await Promise.all(senders.map((sender) => sender.stop()));

    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(60);
    expect(smtp.received.map((email) => email.to).sort()).toEqual([...addresses].sort());
    const rows = await second.db.select().from(outboxEmails);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    // Both instances did part of the work: the test really ran them side by side.
    expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
  });
});
