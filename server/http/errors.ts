/** The API's error answers: a status and a stable code from the shared contract. */
import type { Context } from 'hono';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode, FieldErrors } from '@contracts/errors';

/** Thrown by handlers and helpers; the app's error handler turns it into `{ error: code }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ClientErrorStatusCode | ServerErrorStatusCode,
    readonly code: ApiErrorCode,
    /** For a refused request: what is wrong with which field. */
    readonly fields?: FieldErrors,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Answers `{ error: code }` with the given status. */
export function errorResponse(
  c: Context,
  status: ClientErrorStatusCode | ServerErrorStatusCode,
  code: ApiErrorCode,
): Response {
  return c.json({ error: code }, status);
}
