import type { Client } from '@contracts/clients';

export type { Client };

export interface ClientLookup {
  code: string;
  billingGroup: string | null;
}

export type ClientErrorCode = 'notFound' | 'network' | 'serverError';

export interface ClientContext {
  /** The code asked for, as typed in the URL. */
  requested: ClientLookup | null;
  client: Client | null;
  clientUrl: string | null;
  /** The client's external card-payment page ('' when it uses the built-in one). */
  externalCCLink: string;
  /** Assumed true until the client's own answer says otherwise. */
  acceptsOnlinePayments: boolean;
  error: ClientErrorCode | null;
}

export type ClientEvent =
  | { type: 'client.select'; code: string; billingGroup?: string | null }
  | { type: 'client.setBillingGroup'; billingGroup: string | null }
  | { type: 'client.clear' };

export type ClientTag = 'resolving' | 'selected';

/** The theme used when no client is chosen or the client has none. */
export const defaultTheme = 'default';

/** The client links kept in local storage (the external card link; '' if none). */
export interface StoredClientLinks {
  clientCode: string;
  billingGroup: string | null;
  externalCCLink: string;
}
