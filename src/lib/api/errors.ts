import type { ApiErrorCode } from '@contracts/errors';

/** What went wrong with a call, as a code the views translate. */
export type ApiFailureCode = ApiErrorCode | 'network' | 'malformedResponse';

/** Every failed call rejects with this, so machines only ever read `code`. */
export class ApiError extends Error {
  readonly code: ApiFailureCode;
  readonly status: number | null;
  /** A refused request's reasons by field (`{ email: 'invalid' }`), as the server named them. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(code: ApiFailureCode, status: number | null, options?: { cause?: unknown; fields?: Record<string, string> | undefined }) {
    super(`API call failed: ${code}${status === null ? '' : ` (${status})`}`, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = options?.fields;
  }
}
