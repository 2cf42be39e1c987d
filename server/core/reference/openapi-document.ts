/**
 * The API's OpenAPI 3.1 document, generated from the endpoint declarations (contracts/api.ts):
 * each declaration's method, path, summary and description, who may call it, its query, headers
 * and JSON body (as JSON Schema, from the valibot schemas the server validates with), and its
 * answers, with the refusals that its access policy, its schemas and the anti-forgery check give.
 */
import { readFileSync } from 'node:fs';
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { apiAreas, apiEndpoints } from '@contracts/api';
import { apiBase, type EndpointDeclaration, type Schema } from '@contracts/endpoint';
import { logoUploadTypes } from '@contracts/branding';
import { apiErrorCodes } from '@contracts/errors';
import { STAFF_COOKIE } from '../../http/staff-session';
import { SESSION_COOKIE } from '../../http/session';
import { XSRF_HEADER } from '../../http/xsrf';

/** The JSON of an OpenAPI document, as far as this builder writes it. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

const errorSchema = v.object({
  error: v.picklist(apiErrorCodes),
  /** For a refused request: the reason for each field, by its path. */
  fields: v.optional(v.record(v.string(), v.string())),
});

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). What has no JSON Schema counterpart
 * (trimming, Unicode normalisation) is left out: the server applies it before the checks.
 */
function jsonSchemaOf(schema: Schema, typeMode: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });
  return rest;
}

/** One parameter per property of an object schema (a query or the headers). */
function parametersOf(schema: Schema, place: 'query' | 'header' | 'path'): Record<string, unknown>[] {
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({ name, in: place, required: place === 'path' || required.includes(name), schema: property }));
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const refusal = (description: string) => ({ description, content: errorContent });

function successOf({ response, summary, statementBody }: EndpointDeclaration): [string, Record<string, unknown>] {
  const endpointTakesStatement = statementBody !== undefined;
  if (response === 'noContent') return ['204', { description: summary }];
  if (response === 'text') return ['200', { description: summary, content: { 'text/plain': { schema: { type: 'string' } } } }];
  if (response === 'pdf') {
    return ['200', { description: summary, content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } }];
  }
  if (response === 'csv') return ['200', { description: summary, content: { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } } }];
  if (response === 'css') return ['200', { description: summary, content: { 'text/css': { schema: { type: 'string', contentMediaType: 'text/css' } } } }];
  if (response === 'png') return ['200', { description: summary, content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } }];
  // A statement's import answers 201 with its report (and 422 with it when the file is refused whole).
  if (endpointTakesStatement) return ['201', { description: summary, content: { 'application/json': { schema: jsonSchemaOf(response, 'output') } } }];
  return ['200', { description: summary, content: { 'application/json': { schema: jsonSchemaOf(response, 'output') } } }];
}

/** Who may call, in words: what the reference shows above the description. */
function accessNote({ access }: EndpointDeclaration): string {
  if (access === 'anyone') return 'Open to anyone, signed in or not.';
  if ('apiKeyScope' in access) return `The partner API: a client's API key with the ${access.apiKeyScope} scope; it reaches that client's data only.`;
  if ('staffRoles' in access) return `The console: a staff member signed in with a second factor, as ${access.staffRoles.join(', ')}; the staff session's client only. Recorded in the audit trail.`;
  const who = access.roles.length > 1 ? 'A signed-in billing user or guest' : 'A signed-in billing user';
  const account = access.enabledAccount ? ' whose account is not disabled' : '';
  const expired = access.whilePasswordExpired ? ' (also while the password has expired)' : '';
  return `${who}${account}${expired}.`;
}

function operationOf(name: string, tag: string, endpoint: EndpointDeclaration): Record<string, unknown> {
  const { access, query, json, headers, params, statementBody, method } = endpoint;
  if (access !== 'anyone' && 'apiKeyScope' in access) return partnerApiOperationOf(name, tag, endpoint, access.apiKeyScope);
  const needsXsrf = method !== 'GET' || endpoint.changesState === true;
  const forbidden = [
    ...(access !== 'anyone' ? ['forbidden (not in a role that may call it)'] : []),
    ...(access !== 'anyone' && 'roles' in access && !access.whilePasswordExpired ? ['passwordExpired'] : []),
    ...(access !== 'anyone' && 'roles' in access && access.enabledAccount ? ['accountDisabled'] : []),
    ...(needsXsrf ? [`xsrf (no ${XSRF_HEADER} header matching the XSRF-TOKEN cookie)`] : []),
  ];
  if (statementBody) throw new Error(`${name}: statements are for the partner API`);
  const [defaultStatus, success] = successOf(endpoint);
  const successStatus = endpoint.successStatus === undefined ? defaultStatus : String(endpoint.successStatus);
  const { refusals = {}, csvBody, imageBody } = endpoint;
  const responses: Record<string, unknown> = {
    [successStatus]: success,
    ...(query || json || headers ? { 400: refusal('invalidRequest: the request does not fit its schema (`fields` names what and why)') } : {}),
    ...(access !== 'anyone' ? { 401: refusal('notSignedIn: no live session') } : {}),
    ...(forbidden.length > 0 ? { 403: refusal(forbidden.join('; ')) } : {}),
    ...(refusals[404] ? { 404: refusal(refusals[404]) } : {}),
    ...(refusals[409] ? { 409: refusal(refusals[409]) } : {}),
    ...(json ? { 413: refusal('invalidRequest: the body is over 64 KiB') } : {}),
    ...(csvBody
      ? {
          413: refusal('invalidRequest: the file is over its limit'),
          415: refusal('invalidRequest: not text/csv'),
          422: { description: 'The file was refused whole (see `message`); nothing was changed.', content: success.content },
        }
      : {}),
    ...(imageBody
      ? {
          413: refusal('logoTooLarge: the image is over 1 MB'),
          415: refusal('logoNotAnImage: not a PNG or an SVG by its bytes, or an SVG with scripts, event handlers or outside references'),
        }
      : {}),
    ...(refusals[422] ? { 422: refusal(refusals[422]) } : {}),
    503: refusal('serviceUnavailable: the database is away for a moment; try again after Retry-After'),
  };
  const parameters = [
    ...(params ? parametersOf(params, 'path') : []),
    ...(query ? parametersOf(query, 'query') : []),
    ...(headers ? parametersOf(headers, 'header') : []),
  ];
  const staff = access !== 'anyone' && 'staffRoles' in access;
  const security = [...(access !== 'anyone' ? [staff ? 'staffSession' : 'session'] : []), ...(needsXsrf ? ['xsrf'] : [])];
  return {
    operationId: name,
    tags: [tag],
    summary: endpoint.summary,
    description: [accessNote(endpoint), endpoint.description, endpoint.slidesSession === false ? 'Not counted as activity: it never extends the session.' : undefined]
      .filter(Boolean)
      .join(' '),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(json ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(json, 'input') } } } } : {}),
    ...(csvBody ? { requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string', description: csvBody } } } } } : {}),
    ...(imageBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(logoUploadTypes.map((type) => [type, { schema: { type: 'string', format: 'binary', description: imageBody } }])),
          },
        }
      : {}),
    responses,
    security: security.length > 0 ? [Object.fromEntries(security.map((scheme) => [scheme, []]))] : [],
  };
}

/** An operation of the partner API: an API key, no session, no anti-forgery token. */
function partnerApiOperationOf(name: string, tag: string, endpoint: EndpointDeclaration, scope: string): Record<string, unknown> {
  const { query, params, headers, json, statementBody, examples, refusals = {} } = endpoint;
  const [defaultStatus, success] = successOf(endpoint);
  const successStatus = endpoint.successStatus === undefined ? defaultStatus : String(endpoint.successStatus);
  const withExample = (content: unknown, example: unknown) =>
    example === undefined || typeof content !== 'object' || content === null
      ? content
      : Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...(media as object), example }]));
  const parameters = [...(params ? parametersOf(params, 'path') : []), ...(query ? parametersOf(query, 'query') : []), ...(headers ? parametersOf(headers, 'header') : [])];
  const jsonBody = json ? { 'application/json': { schema: jsonSchemaOf(json, 'input'), ...(examples?.request === undefined ? {} : { example: examples.request }) } } : null;
  return {
    operationId: name,
    tags: [tag],
    summary: endpoint.summary,
    description: [accessNote(endpoint), endpoint.description].filter(Boolean).join(' '),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(statementBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchemaOf(statementBody, 'input') },
              'text/csv': { schema: { type: 'string', description: 'A statement file: docs/statement-format.md lists its columns.' } },
            },
          },
        }
      : jsonBody
        ? { requestBody: { required: true, content: jsonBody } }
        : {}),
    responses: {
      [successStatus]: { ...success, content: withExample(success.content, examples?.response) },
      ...(query || json || headers ? { 400: refusal('invalidRequest: the request does not fit its schema') } : {}),
      401: refusal('invalidApiKey: no key, an unknown one or a revoked one'),
      403: refusal(`forbidden: the key lacks the ${scope} scope`),
      ...(params ? { 404: refusal(refusals[404] ?? 'notFound: nothing of the key’s client has this id') } : {}),
      ...(refusals[409] ? { 409: refusal(refusals[409]) } : {}),
      ...(refusals[422] ? { 422: refusal(refusals[422]) } : {}),
      ...(statementBody
        ? {
            413: refusal('invalidRequest: the body is over its limit'),
            422: { description: 'The file was refused whole (see `message`); nothing was changed.', content: success.content },
          }
        : {}),
      503: refusal('serviceUnavailable: the database is away for a moment; try again after Retry-After'),
    },
    security: [{ apiKey: [] }],
  };
}

function portalVersion(): string {
  const packageJson: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  return typeof packageJson === 'object' && packageJson !== null && 'version' in packageJson && typeof packageJson.version === 'string'
    ? packageJson.version
    : '0.0.0';
}

/** Builds the document from the declarations. */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const { name, tag, endpoint } of apiEndpoints) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operationOf(name, tag, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Patient billing portal API',
      version: portalVersion(),
      description:
        'The API of the patient billing portal: its SPA calls these endpoints, and so may a partner. Answers are JSON unless said otherwise; ' +
        'an error is `{ "error": code }` (with `fields` for a refused request). Money is in integer cents, times in UTC.',
    },
    servers: [{ url: apiBase }],
    tags: apiAreas.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie that signing in sets.' },
        staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE, description: "The console's staff session cookie that a staff sign-in with its second factor sets." },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: "A client's API key for the partner API (`Authorization: Bearer pbp_…`), made with `npm run office -- keys create`.",
        },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: 'Anti-forgery: the value of the XSRF-TOKEN cookie, on every call that changes state.',
        },
      },
    },
  };
}
