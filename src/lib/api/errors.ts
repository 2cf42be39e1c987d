import type { ApiErrorCode } from '@contracts/errors';

/** What went wrong with a call, as a code the views translate. */
export type ApiFailureCode = ApiErrorCode | 'network' | 'malformedResponse';

/** Every failed call rejects with this, so machines only ever read `code`. */
export class ApiError extends Error {
  readonly code: ApiFailureCode;
  readonly status: number | null;
  /** The error answer's JSON as sent (a refused request's `fields`, say: see field-errors.ts), or undefined. */
  readonly body: unknown;

  constructor(code: ApiFailureCode, status: number | null, options?: { cause?: unknown; body?: unknown }) {
    super(`API call failed: ${code}${status === null ? '' : ` (${status})`}`, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.body = options?.body;
  }
}
