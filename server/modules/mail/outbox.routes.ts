/**
 * GET /dev/outbox: the emails the portal would have sent, for development and demos. Never in
 * production, where it does not exist.
 */
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/types';
import { latestEmails } from './outbox';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);

/** The development page listing the outbox, newest first. */
export function createOutboxRoutes({ db }: { db: Database }) {
  const routes = new Hono<AppEnv>();
  routes.get('/outbox', async (c) => {
    const emails = await latestEmails(db);
    const items = emails
      .map(
        (email) =>
          `<article><h2>${escapeHtml(email.subject)}</h2><p>To: ${escapeHtml(email.toAddress)} · ${escapeHtml(
            email.createdAt.toISOString(),
          )}</p><pre>${escapeHtml(email.body)}</pre></article>`,
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
