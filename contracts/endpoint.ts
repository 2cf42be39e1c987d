/**
 * One endpoint of the API, declared once: its method and path, who may call it, what it takes and
 * what it answers. The server registers its route from the declaration (the access check and the
 * request's validation included), the SPA builds its call from it, and the OpenAPI document at
 * GET /api/openapi.json is generated from it. Declarations live in `<area>-endpoints.ts`, one
 * module per part of the SPA that loads them (the landing page's apart from each lazy screen's);
 * `api.ts` lists them all for the server.
 *
 * The SPA's build keeps of a declaration only what a call needs (method, path, the answer's schema
 * and `changesState`): `scripts/strip-server-only-declarations.ts` removes the rest, so the request
 * schemas' valibot checks and the texts stay out of the browser's JavaScript.
 */
import type * as v from 'valibot';
import type { StaffRole } from './console';
import type { ApiKeyScope } from './partner-api';
import type { UserRole } from './session';

/** Where the API is mounted; a declaration's path is under it. */
export const apiBase = '/api';

/** The most bytes of a body an endpoint takes unless its declaration says otherwise (a form's JSON). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The spec's logged-in check: member information, password, email and the like. */
export const usersOnly = ['ClientBillingUser'] as const satisfies readonly UserRole[];
/** The spec's guest-or-user check: invoices, payments and the session's own status. */
export const usersAndGuests = ['ClientBillingUser', 'ClientBillingGuest'] as const satisfies readonly UserRole[];

/**
 * Who may call an endpoint: anyone (signed in or not), a live session of one of `roles`, or (the
 * partner API) a client's API key holding `apiKeyScope`, which never reads the session.
 */
export type EndpointAccess = 'anyone' | { apiKeyScope: ApiKeyScope } | StaffAccess | SessionAccess;

/**
 * The billing office's console: a staff session that passed its second factor, of one of
 * `staffRoles`, under the session's own client. Every call is recorded in the audit trail as
 * `audit` (the action's name); a GET only when it names one.
 */
export interface StaffAccess {
  staffRoles: readonly StaffRole[];
  audit?: string;
}

/** A session's access: one of `roles`, and the conditions below. */
export interface SessionAccess {
  roles: readonly UserRole[];
  /** Refuse a caller whose account is disabled (invoices and payments are hidden from it): 403 accountDisabled. */
  enabledAccount?: boolean;
  /**
   * Let through a user whose password has expired: only the session's own figures and changing
   * the password are. Otherwise such a user gets 403 passwordExpired.
   */
  whilePasswordExpired?: boolean;
}

/** An answer that is not JSON: plain text, a PDF download, a CSV download, a stylesheet, a PNG image, or nothing (204). */
export type NonJsonAnswer = 'text' | 'pdf' | 'csv' | 'css' | 'png' | 'noContent';

/** A valibot schema, as a declaration holds one. */
export type Schema = v.GenericSchema;

export interface EndpointDeclaration {
  method: 'GET' | 'POST';
  /** Under `apiBase`, with its leading slash: `/User/GetIsUserLoggedIn`; a path parameter as `{id}`. */
  path: `/${string}`;
  /** One line for the API's reference. */
  summary: string;
  /** More for the reference: rules, limits, the error codes of its refusals. */
  description?: string;
  access: EndpointAccess;
  /** The path's parameters (`{id}`), as text; one that does not fit is a 404 notFound. */
  params?: Schema;
  /** The query parameters; a request that does not fit is a 400 invalidRequest with its fields. */
  query?: Schema;
  /** The JSON body; one that is not JSON or does not fit is a 400 invalidRequest. */
  json?: Schema;
  /** Request headers (names as written); one that does not fit is a 400 invalidRequest. */
  headers?: Schema;
  /**
   * A body the handler streams itself (not validated before it runs): a statement, as JSON (this
   * schema, for the reference) or as a CSV file.
   */
  statementBody?: Schema;
  /** A CSV file the handler streams itself (the console's statement upload): what it holds, for the reference. */
  csvBody?: string;
  /** An image the handler reads itself (the console's logo upload, PNG or SVG): what it takes, for the reference. */
  imageBody?: string;
  /**
   * The most bytes its body may hold (a POST's; `DEFAULT_MAX_BODY_BYTES` unless set). Once the
   * caller may call it, a body with a longer stated length is refused with 413 before it is read,
   * and one without is counted as it arrives and refused once it passes the limit. A body the
   * handler streams itself (`statementBody`, `csvBody`, `imageBody`) is counted by the handler
   * against this same number, as it reads.
   */
  maxBodyBytes?: number;
  /** The JSON answer's schema (the SPA checks every answer against it), or what else it answers. */
  response: Schema | NonJsonAnswer;
  /** A GET that changes state all the same (the spec's method): it needs the anti-forgery token too. */
  changesState?: true;
  /** The success status when it is not 200 (the partner API: 201 made, 202 accepted). */
  successStatus?: 201 | 202;
  /** The refusals beyond those every endpoint of its kind may give, by status, for the reference. */
  refusals?: Readonly<Partial<Record<404 | 409 | 422, string>>>;
  /** Examples for the reference (the partner API): a JSON body, and the answer. */
  examples?: { request?: unknown; response?: unknown };
  /** A call that must not count as activity (a poll), so an idle session still ends. */
  slidesSession?: false;
}

/** The most bytes of a body `declaration` takes. */
export const maxBodyBytesOf = (declaration: Pick<EndpointDeclaration, 'maxBodyBytes'>): number => declaration.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

/** Whether the handler reads the body itself, as a stream, rather than as JSON validated before it runs. */
export const streamsItsBody = (declaration: EndpointDeclaration): boolean =>
  declaration.statementBody !== undefined || declaration.csvBody !== undefined || declaration.imageBody !== undefined;

/**
 * Declares an endpoint. It returns the declaration as written, its literal types kept, so that
 * calls and handlers are typed by it.
 */
export const defineEndpoint = /* @__NO_SIDE_EFFECTS__ */ <const D extends EndpointDeclaration>(declaration: D): D => declaration;

/** What the SPA keeps of a declaration (the rest is removed from its build). */
export type EndpointCall = Pick<EndpointDeclaration, 'method' | 'path' | 'response' | 'changesState'> & { params?: Schema };

type InputOf<S> = S extends Schema ? v.InferInput<S> : never;
type OutputOf<S> = S extends Schema ? v.InferOutput<S> : never;

/** The query a call sends (a parameter whose value is undefined is left out). */
export type QueryInput<D> = D extends { query: infer S } ? InputOf<S> : never;
/** The JSON body a call sends. */
export type JsonInput<D> = D extends { json: infer S } ? InputOf<S> : never;
/** The path parameters a call fills in (`{id}`). */
export type ParamsInput<D> = D extends { params: infer S } ? InputOf<S> : never;
/** The headers a call sends. */
export type HeadersInput<D> = D extends { headers: infer S } ? InputOf<S> : never;

/** The request a handler gets, validated: the declared parts only. */
export interface ValidRequest<D> {
  params: D extends { params: infer S } ? OutputOf<S> : undefined;
  query: D extends { query: infer S } ? OutputOf<S> : undefined;
  json: D extends { json: infer S } ? OutputOf<S> : undefined;
  headers: D extends { headers: infer S } ? OutputOf<S> : undefined;
}

/** What a call resolves to: the checked JSON answer, the text, or nothing. */
export type EndpointResult<D> = D extends { response: infer R }
  ? R extends Schema
    ? v.InferOutput<R>
    : R extends 'text'
      ? string
      : undefined
  : never;
