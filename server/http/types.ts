/** The Hono environment shared by the middleware and the resource modules. */
import type { Principal } from '../modules/auth/principal.service';
import type { ApiKeyCaller } from '../modules/office/api-keys.service';
import type { SessionRecord } from '../modules/sessions/session.service';

export interface AppVariables {
  /** The caller's live session (already slid), or null when there is none. */
  session: SessionRecord | null;
  /** Who the session speaks for (user or guest), or null when anonymous. Not yet checked for a role. */
  principal: Principal | null;
}

export interface AppEnv {
  Variables: AppVariables;
}

/** After `requireSession`: the caller is signed in, active and in one of the allowed roles. */
export interface SignedInEnv {
  Variables: AppVariables & { caller: Principal };
}

/** The billing office's API: the caller is a client's live API key (never a session). */
export interface OfficeEnv {
  Variables: AppVariables & { apiKey: ApiKeyCaller };
}
