import type { HTTPError, KyInstance, ResponsePromise } from 'ky';
import * as v from 'valibot';
import { apiBase, type EndpointCall, type EndpointResult, type HeadersInput, type JsonInput, type ParamsInput, type QueryInput } from '@contracts/endpoint';
import { apiErrorSchema } from '@contracts/errors';
import { ApiError } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads one cookie of this origin by name. */
export function readCookie(name: string, cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** What every call accepts: the abort signal of the actor (or screen) that made it. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Observers of calls in flight (the loading overlay listens here). */
export interface CallObserver {
  started(): void;
  finished(): void;
}

const observers = new Set<CallObserver>();

/** Registers an observer of every call's start and end; returns the unregister function. */
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** ky's errors, told by their names (its module may not be loaded when a call fails). */
const isKyError = (error: unknown, name: 'HTTPError' | 'TimeoutError'): boolean => error instanceof Error && error.name === name;
const isHttpError = (error: unknown): error is HTTPError => isKyError(error, 'HTTPError') && 'response' in (error as object);

/** Turns whatever a call threw into an ApiError with a code. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) {
    const body: unknown = await error.response.json().catch(() => null);
    const parsed = v.safeParse(apiErrorSchema, body);
    return new ApiError(parsed.success ? parsed.output.error : 'serverError', error.response.status, { cause: error, body });
  }
  if (error instanceof SyntaxError) return new ApiError('malformedResponse', null, { cause: error });
  // fetch rejects with a TypeError when the network is down.
  if (isKyError(error, 'TimeoutError') || error instanceof TypeError) return new ApiError('network', null, { cause: error });
  return new ApiError('serverError', null, { cause: error });
}

/** Answers the calls made while the server renders a first screen (unused in the browser). */
export type ServerFetch = (request: Request) => Promise<Response>;

let serverFetch: ServerFetch = () => Promise.reject(new Error('No server fetch while rendering'));

/**
 * On the server, calls are answered by the API in the same process, for the request being
 * rendered (the renderer keeps that per request). The browser build drops this branch.
 */
export function answerCallsWith(fetch: ServerFetch): void {
  serverFetch = fetch;
}

/**
 * The one HTTP client of the app: calls go to this origin and non-GET/HEAD calls carry the
 * anti-forgery token from the XSRF-TOKEN cookie. ky is loaded with the first call, not with the
 * first screen: a server-rendered page arrives with its answers, and a visitor who only reads it
 * never downloads it.
 */
let client: Promise<KyInstance> | null = null;
export const loadHttp = (): Promise<KyInstance> => (client ??= import('ky').then(({ default: ky }) => ky.create({
  // A Request needs an absolute URL outside a browser; the host is never contacted.
  ...(import.meta.env.SSR
    ? { prefixUrl: `http://portal.internal${apiBase}`, fetch: (input: RequestInfo | URL, init?: RequestInit) => serverFetch(new Request(input, init)) }
    : { prefixUrl: apiBase }),
  credentials: 'same-origin',
  retry: 0,
  // Longer than the loading machine's 4-minute time-out, which sends the user to /error/timeout
  // first; this only makes sure a hung call ends some time.
  timeout: 300000,
  hooks: {
    beforeRequest: [
      (request, options) => {
        // A GET whose declaration says it changes state (extending the session) carries the token too.
        if (!safeMethods.has(request.method.toUpperCase()) || options.context.changesState) {
          const token = readCookie('XSRF-TOKEN');
          if (token) request.headers.set('X-XSRF-TOKEN', token);
        }
      },
    ],
  },
})).catch((error: unknown) => {
  // A module that could not be fetched (the network dropped) is fetched again by the next call.
  client = null;
  throw error;
}));

/** Runs one call so that observers see it start and end; any failure becomes an ApiError. */
export async function observed<T>(run: () => Promise<T>): Promise<T> {
  for (const observer of observers) observer.started();
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  } finally {
    for (const observer of observers) observer.finished();
  }
}

/** The JSON answer, checked against the contract; one of another shape is a malformedResponse. */
async function checked<S extends v.GenericSchema>(body: Promise<unknown>, schema: S): Promise<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, await body);
  if (!parsed.success) throw new ApiError('malformedResponse', null, { cause: parsed.issues });
  return parsed.output;
}

/**
 * Runs one call and checks its JSON answer against the contract: observers see it start and
 * end, and any failure (HTTP, network, or a malformed answer) becomes an ApiError.
 */
export function call<S extends v.GenericSchema>(request: () => ResponsePromise, schema: S): Promise<v.InferOutput<S>> {
  return observed(() => checked(request().json(), schema));
}

/** The query part of a call: absent where none is declared, optional where every parameter is. */
type QueryPart<D> = [QueryInput<D>] extends [never] ? { query?: never } : object extends QueryInput<D> ? { query?: QueryInput<D> } : { query: QueryInput<D> };

/** A call to a declared endpoint: its query, JSON body and headers as the declaration says, and the caller's abort signal. */
export type EndpointRequest<D> = CallOptions &
  QueryPart<D> &
  ([ParamsInput<D>] extends [never] ? { params?: never } : { params: ParamsInput<D> }) &
  ([JsonInput<D>] extends [never] ? { json?: never } : { json: JsonInput<D> }) &
  ([HeadersInput<D>] extends [never] ? { headers?: Record<string, string> } : { headers: HeadersInput<D> & Record<string, string> });

/** Whether a call must say something beyond its signal. */
type RequestArgument<D> = object extends EndpointRequest<D> ? [request?: EndpointRequest<D>] : [request: EndpointRequest<D>];

/** Any call's request, as the functions below read it. */
interface AnyRequest extends CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  params?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
}

async function send(endpoint: EndpointCall, { query: searchParams, params = {}, ...options }: AnyRequest = {}): Promise<Response> {
  // A path parameter `{id}` is filled in, encoded.
  const path = endpoint.path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  // ky leaves out a parameter whose value is undefined. The declaration travels to the
  // anti-forgery hook as the request's context (`changesState`).
  return (await loadHttp())(path, { ...options, searchParams, method: endpoint.method, context: endpoint });
}

/** Sends a request to a declared endpoint, as declared; unobserved and unchecked (callEndpoint does both). */
export const requestEndpoint: <D extends EndpointCall>(endpoint: D, ...request: RequestArgument<D>) => Promise<Response> = send;

/**
 * Calls a declared endpoint (contracts/*-endpoints.ts): its method and path, the request as
 * declared, and the answer checked against the declared schema (or read as text, or not read).
 * Observers see the call, and any failure becomes an ApiError, as for `call`.
 */
export function callEndpoint<D extends EndpointCall>(endpoint: D, ...request: RequestArgument<D>): Promise<EndpointResult<D>>;
export function callEndpoint(endpoint: EndpointCall, request?: AnyRequest): Promise<unknown> {
  const { response } = endpoint;
  return observed(() => {
    const answer = send(endpoint, request);
    return typeof response !== 'string' ? checked(answer.then((r) => r.json()), response) : answer.then((r) => (response === 'text' ? r.text() : undefined));
  });
}
