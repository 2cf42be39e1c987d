/**
 * The console's API under /api/console/: the staff session is loaded once here (its own cookie,
 * never a patient's) before a call reaches its area: sign-in and staff, the audit trail, and the
 * office's work. `requireStaff` on each endpoint (from its declaration) checks the role and
 * records the call in the audit trail.
 */
import { Hono } from 'hono';
import { loadStaffSession, type StaffCookies } from '../http/staff-session';
import type { AppEnv } from '../http/types';
import type { AuditService } from '../core/audit/audit.service';
import type { StaffSessions } from '../core/sessions/staff-sessions';

export function createConsoleRoutes({
  staffSessions,
  cookies,
  audit,
  areas,
}: {
  staffSessions: StaffSessions;
  cookies: StaffCookies;
  audit: AuditService;
  areas: readonly Hono<AppEnv>[];
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/console/*', loadStaffSession({ staffSessions, cookies, audit }));
  for (const area of areas) routes.route('/', area);
  return routes;
}
