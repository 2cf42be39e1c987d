/** Reading request bodies and query strings through the shared valibot contracts. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FieldErrors } from '@contracts/errors';
import { textIssues, type TextIssue } from '@contracts/text';
import { ApiError } from './errors';

/** The request's fields that did not fit, by path, each with the first reason. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.') || '(body)';
    const known = textIssues.find((candidate) => candidate === issue.message);
    const reason: TextIssue = known ?? (issue.input === undefined ? 'required' : 'invalid');
    fields[path] ??= reason;
  }
  return fields;
}

/** Parses the JSON body against `schema`; a body that is not JSON or does not fit is a 400. */
export async function readJsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalidRequest');
  }
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError(400, 'invalidRequest', fieldErrorsOf(result.issues));
  return result.output;
}

/** The names an object schema (a query, headers) takes; none for another schema. */
export function parameterNames(schema: v.GenericSchema): string[] {
  return 'entries' in schema && typeof schema.entries === 'object' && schema.entries !== null ? Object.keys(schema.entries) : [];
}

/** Validates the query parameters (single values) against `schema`; a misfit is a 400. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.query())) {
    // An empty parameter (`billingGroup=`) means the same as an absent one.
    if (value !== '') query[key] = value;
  }
  const result = v.safeParse(schema, query);
  if (!result.success) throw new ApiError(400, 'invalidRequest', fieldErrorsOf(result.issues));
  return result.output;
}
