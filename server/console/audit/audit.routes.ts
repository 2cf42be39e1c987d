/** The audit trail in the console: found by words and dates, and as CSV. */
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { AuditQuery } from '@contracts/console';
import { getAuditCsv, getAuditTrail } from '@contracts/console-endpoints';
import { route } from '../../http/endpoint-routes';
import type { AppEnv } from '../../http/types';
import type { AuditService } from '../../core/audit/audit.service';

export function createAuditRoutes({ audit }: { audit: AuditService }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** A search as the audit trail records it: its words and days. */
  const searchOf = (query: AuditQuery) => [query.q, query.from, query.to].filter(Boolean).join(' ');

  route(routes, getAuditTrail, async (c, { query }) => {
    c.set('auditNote', { detail: searchOf(query) });
    return c.json(await audit.search(c.var.staff.clientId, query));
  });

  route(routes, getAuditCsv, (c, { query }) => {
    c.set('auditNote', { detail: searchOf(query) });
    const csv = audit.csv(c.var.staff.clientId, query);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="audit-${c.var.staff.clientCode}.csv"`);
    return stream(c, async (out) => {
      for await (const text of csv) await out.write(text);
    });
  });

  return routes;
}
