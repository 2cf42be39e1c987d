/** The Hono environment shared by the middleware and the resource modules. */
import type { SessionRecord } from '../modules/sessions/session.service';

export interface AppVariables {
  /** The caller's live session (already slid), or null when there is none. */
  session: SessionRecord | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
