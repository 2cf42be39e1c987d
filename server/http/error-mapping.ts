/**
 * How failures become answers: an ApiError its `{ error, fields? }` with its status, a database
 * that is away a 503 to try again, a framework refusal its 4xx, and anything else a logged 500
 * `serverError`, logged without the request's body or query parameters.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable, shortReason } from '../db/availability';
import { ApiError } from './errors';
import type { AppEnv } from './types';
import { isApiPath } from './xsrf';

export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

/**
 * A loggable description of an error: never a request body, and without the query parameters
 * that database errors append to their message.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const strip = (message: string) => message.split('\nparams:')[0] ?? message;
  const cause = error.cause instanceof Error ? `\ncaused by ${error.cause.name}: ${strip(error.cause.message)}` : '';
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return [`${error.name}: ${strip(error.message)}${cause}`, ...frames].join('\n');
}

/** The API's 404, for an unknown path under it. */
export const apiNotFound = (c: Context) => c.json({ error: 'notFound' }, 404);

/** An unknown path: JSON under the API, plain text elsewhere (the static host answers pages first). */
export const notFound: NotFoundHandler<AppEnv> = (c) => (isApiPath(c.req.path) ? apiNotFound(c) : c.text('Not Found', 404));

/** The app's error handler (`app.onError`). */
export function mapErrors(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof ApiError) {
      return c.json(error.fields ? { error: error.code, fields: error.fields } : { error: error.code }, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts; the pool reconnects by itself on a later request.
      logger.warn(`${c.req.method} ${c.req.path}: the database is unavailable (${shortReason(error)})`);
      c.header('Retry-After', '5');
      return c.json({ error: 'serviceUnavailable' }, 503);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.status === 404 ? 'notFound' : 'invalidRequest' }, error.status);
    }
    logger.error(`${c.req.method} ${c.req.path} failed\n${describeError(error)}`);
    return c.json({ error: 'serverError' }, 500);
  };
}
