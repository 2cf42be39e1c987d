/**
 * Registers a route from its endpoint declaration (`contracts/*-endpoints.ts`): the declaration's
 * method and path, its access policy (`requireSession`, unless it is open to anyone), and its
 * request schemas, read and validated before the handler runs (headers, then the query, then the
 * JSON body; a misfit is a 400 invalidRequest). The handler gets the validated request.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { maxBodyBytesOf, streamsItsBody, type EndpointDeclaration, type ValidRequest } from '@contracts/endpoint';
import { limitBodyTo } from './body';
import { ApiError } from './errors';
import { requireApiKeyScope } from './api-key';
import { requireSession } from './require-session';
import { requireStaff } from './staff-session';
import type { AppEnv, PartnerApiEnv, SignedInEnv, StaffEnv } from './types';
import { parameterNames, readJsonBody, readQuery } from './validation';

/** The handler's environment: with `c.var.caller` when the endpoint needs a session, `c.var.apiKey` when a key. */
export type EndpointEnv<D> = D extends { access: 'anyone' }
  ? AppEnv
  : D extends { access: { apiKeyScope: string } }
    ? PartnerApiEnv
    : D extends { access: { staffRoles: readonly string[] } }
      ? StaffEnv
      : SignedInEnv;


export type EndpointHandler<D> = (c: Context<EndpointEnv<D>>, request: ValidRequest<D>) => Response | Promise<Response>;

/** Validates the declared headers; a misfit is a 400 without fields (headers are no form's fields). */
function readHeaders<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const headers = Object.fromEntries(parameterNames(schema).flatMap((name) => {
    const value = c.req.header(name);
    return value === undefined ? [] : [[name, value]];
  }));
  const result = v.safeParse(schema, headers);
  if (!result.success) throw new ApiError(400, 'invalidRequest');
  return result.output;
}

/** Validates the path's parameters; a misfit names nothing that exists: 404. */
function readParams<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.param());
  if (!result.success) throw new ApiError(404, 'notFound');
  return result.output;
}

async function validRequest<D extends EndpointDeclaration>(c: Context, declaration: D): Promise<ValidRequest<D>> {
  const params: unknown = declaration.params ? readParams(c, declaration.params) : undefined;
  const headers: unknown = declaration.headers ? readHeaders(c, declaration.headers) : undefined;
  const query: unknown = declaration.query ? readQuery(c, declaration.query) : undefined;
  const json: unknown = declaration.json ? await readJsonBody(c, declaration.json) : undefined;
  // Each part is what its schema gave, or undefined where none is declared: ValidRequest<D> says so.
  return { params, headers, query, json } as ValidRequest<D>;
}

/**
 * The declared body limit (`maxBodyBytes`), once the caller may call: a stated length over it is
 * refused unread, an unstated one counted as it arrives (at most the limit is held). A body the
 * handler streams itself is counted by the handler, which answers in its own words.
 */
function limitBody(declaration: EndpointDeclaration): MiddlewareHandler[] {
  if (declaration.method === 'GET' || streamsItsBody(declaration)) return [];
  return [limitBodyTo(maxBodyBytesOf(declaration))];
}

/** Registers `declaration` on `routes` with its access check, its body limit and request validation. */
export function route<D extends EndpointDeclaration>(routes: Hono<AppEnv>, declaration: D, handler: EndpointHandler<D>): void {
  const { method, access } = declaration;
  // Hono writes a path parameter `:id` where the declaration (and OpenAPI) write `{id}`.
  const path = declaration.path.replace(/\{(\w+)\}/g, ':$1');
  // requireSession (or the API key's middlewares) put the caller in c.var where the declaration asks for one.
  const run = async (c: Context) => handler(c as Context<EndpointEnv<D>>, await validRequest(c, declaration));
  const checks: MiddlewareHandler[] =
    access === 'anyone'
      ? []
      : 'apiKeyScope' in access
        ? [requireApiKeyScope(access.apiKeyScope)]
        : 'staffRoles' in access
          ? [requireStaff(access, method, declaration.path)]
          : [requireSession(access)];
  const handlers: MiddlewareHandler[] = [...checks, ...limitBody(declaration), run];
  routes.on(method, [path], ...handlers);
}
