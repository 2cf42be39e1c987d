/** Reading request bodies and query strings through the shared zod/mini contracts. */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { ApiError } from './errors';

/** Parses the JSON body against `schema`; a body that is not JSON or does not fit is a 400. */
export async function readJsonBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalidRequest');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, 'invalidRequest');
  return result.data;
}

/** Validates the query parameters (single values) against `schema`; a misfit is a 400. */
export function readQuery<S extends z.ZodMiniType>(c: Context, schema: S): z.infer<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.query())) {
    // An empty parameter (`billingGroup=`) means the same as an absent one.
    if (value !== '') query[key] = value;
  }
  const result = schema.safeParse(query);
  if (!result.success) throw new ApiError(400, 'invalidRequest');
  return result.data;
}
