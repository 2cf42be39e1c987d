/**
 * GET /dev/outbox: the emails of the outbox, sent or waiting, for development and demos. Never in
 * production, where it does not exist; and only for a browser on the same machine, because the
 * emails name accounts and invoices of every client.
 */
import { isIPv4 } from 'node:net';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Database } from '../../db/client';
import { sourceAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/types';
import { escapeHtml } from './email-html';
import { latestEmails, type OutboxEmail } from './outbox';

/** Where the email stands: sent, or waiting and why. */
function deliveryState(email: OutboxEmail): string {
  if (email.sentAt) return `Sent ${email.sentAt.toISOString()}`;
  if (email.attempts === 0) return 'Waiting';
  const error = email.lastError ? `: ${email.lastError}` : '';
  return `Waiting (attempt ${String(email.attempts)}, next ${email.nextAttemptAt.toISOString()})${error}`;
}

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** The development page listing the outbox, newest first (`?to=` one address's only). */
export function createOutboxRoutes({ db }: { db: Database }) {
  const routes = new Hono<AppEnv>();
  const sameMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isLoopbackAddress(sourceAddress(c))) return c.text('Not Found', 404);
    await next();
    c.header('Cache-Control', 'no-store');
  };
  routes.use('*', sameMachineOnly);
  // `?to=` lists only the emails to that address (the newest 50 of the whole outbox scroll by fast).
  routes.get('/outbox', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const emails = await latestEmails(db, 50, to === '' ? undefined : to);
    const items = emails
      .map(
        (email) =>
          `<article><h2>${escapeHtml(email.subject)}</h2><p>To: ${escapeHtml(email.toAddress)} · ${escapeHtml(
            email.createdAt.toISOString(),
          )} · ${escapeHtml(deliveryState(email))}</p><pre>${escapeHtml(email.body)}</pre></article>`,
      )
      .join('\n');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Outbox</h1>${
        items || '<p>No emails yet.</p>'
      }</main></body></html>`,
    );
  });
  return routes;
}
