/**
 * What a query may see. Every tenant-owned table carries its client, and every query on a caller's
 * behalf filters by the scope's client (and account, where it reads one account's data): that is
 * what keeps clients apart. Built from the signed-in principal, never from the request.
 */
import type { Principal } from '../core/sessions/principal.service';

/** One client's data. */
export interface TenantScope {
  clientId: number;
}

/** One account of one client: what a signed-in user or guest reads and pays. */
export interface AccountScope extends TenantScope {
  accountId: number;
}

/** The caller's scope: the session's client and account. */
export function scopeOf(caller: Principal): AccountScope {
  return { clientId: caller.clientId, accountId: caller.accountId };
}
