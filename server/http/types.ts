/** The Hono environment shared by the middleware and the resource modules. */
import type { Principal } from '../core/sessions/principal.service';
import type { ApiKeyCaller } from '../core/api-keys/api-keys.service';
import type { SessionRecord } from '../core/sessions/session.service';
import type { AuditService } from '../core/audit/audit.service';
import type { StaffSessionRecord } from '../core/sessions/staff-sessions';

export interface AppVariables {
  /** The caller's live session (already slid), or null when there is none. */
  session: SessionRecord | null;
  /** Who the session speaks for (user or guest), or null when anonymous. Not yet checked for a role. */
  principal: Principal | null;
  /** On /api/console/*: the browser's staff session at whatever stage, or null. */
  staffSession: StaffSessionRecord | null;
  /** On /api/console/*: the audit trail the console's calls are recorded in. */
  audit: AuditService;
}

export interface AppEnv {
  Variables: AppVariables;
}

/** After `requireSession`: the caller is signed in, active and in one of the allowed roles. */
export interface SignedInEnv {
  Variables: AppVariables & { caller: Principal };
}

/** The partner API: the caller is a client's live API key (never a session). */
export interface PartnerApiEnv {
  Variables: AppVariables & { apiKey: ApiKeyCaller };
}

/** What a console handler adds to its audit entry: the account, the thing acted on, a few words. */
export interface AuditNote {
  accountNumber?: string;
  target?: string;
  detail?: string;
}

/** The console: a staff session past its second factor, of an active staff member in an allowed role. */
export interface StaffEnv {
  Variables: AppVariables & { staff: StaffSessionRecord; auditNote: AuditNote };
}
