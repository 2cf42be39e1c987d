import type { ApiKeyScope } from '@contracts/partner-api';
import type { FormContext, FormEvent, FormRejection } from '../form/form.types';

export interface ApiKeyRow {
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The form's fields: the key's name, and its scopes as the chosen ones separated by spaces. */
export const apiKeyFields = ['name', 'scopes'] as const;

export type ApiKeyField = (typeof apiKeyFields)[number];

/** A name's problem by the form's rules (`required`, `tooLong`) or the server's, which also refuses control characters; `invalid`: every other reason of the server's. */
export type ApiKeyProblem = 'required' | 'tooLong' | 'invalidCharacters' | 'invalid';

/** Why a call failed as a whole: the key is revoked already, not an office admin, signed out meanwhile, the network, the server. */
export type ApiKeysFailure = 'notFound' | 'forbidden' | 'expired' | 'network' | 'serverError';

/** What a call rejects with, as the machine reads it: the fields the server refused (a new key's), or a failure of the whole call. */
export type ApiKeysRejection = FormRejection<ApiKeyField, ApiKeyProblem, ApiKeysFailure>;

/** What was just done, said above the list. */
export type ApiKeysNotice = { kind: 'revoked'; name: string } | null;

export interface ApiKeysContext extends FormContext<ApiKeyField, ApiKeyProblem, ApiKeysFailure> {
  keys: ApiKeyRow[];
  /** The key just made, in full: shown this once, until hidden or the next action. */
  shownKey: { name: string; key: string } | null;
  notice: ApiKeysNotice;
  /** The prefix of the key whose revocation waits for a yes. */
  confirming: string | null;
}

export type ApiKeysEvent =
  | FormEvent<ApiKeyField>
  | { type: 'apiKey.revoke'; prefix: string }
  | { type: 'apiKey.confirm' }
  | { type: 'apiKey.cancel' }
  | { type: 'apiKey.hide' };
