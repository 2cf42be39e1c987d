import type { ApiError } from './errors';

/**
 * A refused request's reasons by field (`{ error: 'invalidRequest', fields: { email: 'invalid' } }`,
 * see FieldErrors in the contracts), read as plain text so that a reason the SPA does not know
 * yet is no failure to read. Empty when the answer names no field.
 */
export function fieldErrorsOf(error: ApiError): Readonly<Record<string, string>> {
  const { body } = error;
  const fields: unknown = typeof body === 'object' && body !== null && 'fields' in body ? body.fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
