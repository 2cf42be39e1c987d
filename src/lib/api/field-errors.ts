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

/**
 * The refused reasons of a form's own `fields` (a reason at `scopes.0` is the `scopes` field's),
 * each as the form names it (`problemOf`); a path that is none of the form's fields is left out.
 * `requestNames` names the fields the request calls otherwise (the form's `amount`, the request's `amountCents`).
 */
export function refusedFormFields<Field extends string, Problem extends string>(
  error: ApiError,
  fields: readonly Field[],
  problemOf: (reason: string, field: Field) => Problem,
  requestNames: Partial<Record<Field, string>> = {},
): Partial<Record<Field, Problem>> {
  const refused: Partial<Record<Field, Problem>> = {};
  for (const [path, reason] of Object.entries(fieldErrorsOf(error))) {
    const field = fields.find((each) => {
      const name = requestNames[each] ?? each;
      return path === name || path.startsWith(`${name}.`);
    });
    if (field !== undefined) refused[field] ??= problemOf(reason, field);
  }
  return refused;
}
