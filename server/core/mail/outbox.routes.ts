/**
 * GET /dev/outbox: the emails of the outbox, sent or waiting, for development and demos. Never in
 * production, where it does not exist; and only for a browser on the same machine, because the
 * emails name accounts and invoices of every client.
 */
import { Hono } from 'hono';
import { sameMachineOnly } from '../../http/same-machine';
import type { AppEnv } from '../../http/types';
import { escapeHtml } from './email-html';
import type { OutboxEmail } from './outbox';

export { isLoopbackAddress } from '../../http/same-machine';

/** Where the email stands: sent, or waiting and why. */
function deliveryState(email: OutboxEmail): string {
  if (email.sentAt) return `Sent ${email.sentAt.toISOString()}`;
  if (email.attempts === 0) return 'Waiting';
  const error = email.lastError ? `: ${email.lastError}` : '';
  return `Waiting (attempt ${String(email.attempts)}, next ${email.nextAttemptAt.toISOString()})${error}`;
}

/** The development page listing the outbox, newest first (`?to=` one address's only). */
export function createOutboxRoutes({ latestEmails }: { latestEmails: (limit: number, to?: string) => Promise<OutboxEmail[]> }) {
  const routes = new Hono<AppEnv>();
  routes.use('*', sameMachineOnly);
  // `?to=` lists only the emails to that address (the newest 50 of the whole outbox scroll by fast).
  routes.get('/outbox', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const emails = await latestEmails(50, to === '' ? undefined : to);
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
