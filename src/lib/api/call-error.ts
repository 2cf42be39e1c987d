/** A refusal's details, as a form shows them: the fields refused, or problems of another kind (a colour pair's contrast). */
export interface CallErrorDetails {
  fields?: object;
  problems?: unknown[];
}

/**
 * A failed call as a screen's machine reads it: the code the screen knows (each feature maps the
 * API's failure, an `ApiError`, to its own few codes) and a refusal's details. The one error class
 * every feature's calls reject with; `cause` keeps what failed underneath.
 */
export class CallError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly fields: object | undefined;
  readonly problems: unknown[] | undefined;

  constructor(code: Code, details: CallErrorDetails = {}, options?: { cause?: unknown }) {
    super(`Call failed: ${code}`, options);
    this.name = 'CallError';
    this.code = code;
    this.fields = details.fields;
    this.problems = details.problems;
  }
}
