import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { startServer, type RunningServer } from '../../start';
import { createTestApp, openSeededDatabase } from '../../test/harness';
import { accountNumberTail, receiptEmail } from '../payments/receipt-email';
import { isLoopbackAddress } from './outbox.routes';

/** What the Node server hands the app for a request from `remoteAddress`. */
const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('the development outbox', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await openSeededDatabase();
    await database.db.insert(outboxEmails).values({
      clientId: 1,
      toAddress: 'pat.doe@example.com',
      subject: 'Sunrise Laboratories: Payment receipt PBP-TEST',
      body: 'Account: ending in 8899',
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers a browser on the same machine, uncached', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await createTestApp(database.db).request('/dev/outbox', {}, fromAddress(address));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('PBP-TEST');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('shows whether each email was sent, or how often it was tried and why it failed', async () => {
    await database.db.insert(outboxEmails).values([
      { clientId: null, toAddress: 'sent@example.com', subject: 'Sent one', body: 'x', attempts: 1, sentAt: new Date('2026-11-23T10:00:00Z') },
      {
        clientId: null,
        toAddress: 'retry@example.com',
        subject: 'Retried one',
        body: 'x',
        attempts: 2,
        nextAttemptAt: new Date('2026-11-23T10:01:00Z'),
        lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
      },
    ]);
    const html = await (await createTestApp(database.db).request('/dev/outbox', {}, fromAddress('127.0.0.1'))).text();
    expect(html).toContain('To: sent@example.com · ');
    expect(html).toContain(' · Sent 2026-11-23T10:00:00.000Z</p>');
    expect(html).toContain(' · Waiting (attempt 2, next 2026-11-23T10:01:00.000Z): ESOCKET: connect ECONNREFUSED 127.0.0.1:25</p>');
    expect(html).toMatch(/To: pat\.doe@example\.com · [^<]* · Waiting<\/p>/);

    // One address's emails only, however many others came after them.
    const filtered = await (await createTestApp(database.db).request('/dev/outbox?to=Sent@Example.com', {}, fromAddress('127.0.0.1'))).text();
    expect(filtered).toContain('To: sent@example.com · ');
    expect(filtered).not.toContain('retry@example.com');
    expect(filtered).not.toContain('pat.doe@example.com');
  });

  it('does not exist for anyone else, whatever forwarded headers claim', async () => {
    const headers = { 'X-Forwarded-For': '127.0.0.1', Forwarded: 'for=127.0.0.1', 'X-Real-IP': '127.0.0.1' };
    for (const address of ['192.0.2.10', '10.0.0.5', '::ffff:192.0.2.10', 'fd00::2']) {
      const page = await createTestApp(database.db).request('/dev/outbox', { headers }, fromAddress(address));
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('PBP-TEST');
    }
    // Without a socket to ask (not served by the Node server) it is not the same machine either.
    expect((await createTestApp(database.db).request('/dev/outbox')).status).toBe(404);
  });

  it('is absent in production, even on the same machine', async () => {
    const page = await createTestApp(database.db, { developmentPages: false }).request('/dev/outbox', {}, fromAddress('127.0.0.1'));
    expect(page.status).toBe(404);
  });

  describe('over HTTP', () => {
    let server: RunningServer;
    afterAll(async () => {
      await server.close();
    });
    it('answers a request over loopback from the real server', async () => {
      server = await startServer({ port: 0, hostname: '127.0.0.1' });
      const page = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/dev/outbox`);
      expect(page.status).toBe(200);
    });
  });
});

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1 only', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['128.0.0.1', '10.0.0.1', '::2', 'fe80::1', '', undefined, '::ffff:10.0.0.1'].map(isLoopbackAddress)).toEqual([
      false, false, false, false, false, false, false,
    ]);
  });
});

describe('the receipt email', () => {
  it('never carries the whole account number beside the invoice numbers', () => {
    const { body } = receiptEmail(
      {
        confirmationNumber: 'PBP-1',
        paidAt: '2026-11-23T10:00:00.000Z',
        accountNumber: 'A-778899',
        holderName: 'Alex Guest',
        lines: [{ invoiceNumber: 'SUN-100042', description: 'Lipid panel', amountCents: 1000, balanceAfterCents: 0 }],
        totalCents: 1000,
        cardBrand: 'visa',
        cardLast4: '4242',
        payerName: 'Alex Guest',
        email: 'alex@example.com',
      },
      'Sunrise Laboratories',
      'en-US',
    );
    expect(body).toContain('SUN-100042');
    expect(body).not.toContain('A-778899');
    expect(body).toContain('Account: ending in 8899 (Alex Guest)');
  });

  it('shows at most half of a short account number', () => {
    expect(accountNumberTail('A-778899')).toBe('8899');
    expect(accountNumberTail('AB12')).toBe('12');
    expect(accountNumberTail('7')).toBe('');
  });
});
