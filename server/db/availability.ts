/**
 * Telling "the database is gone for now" apart from every other failure, so a request can answer
 * 503 while PostgreSQL restarts and the first connection can be retried instead of crashing.
 */

/** Socket-level errors of a connection that could not be made or was cut. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** PostgreSQL's SQLSTATEs for a server shutting down, starting up, or a broken connection (class 08). */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says, with no code, when a connection ends under it or cannot be made in time. */
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection.*(closed|ended)/i,
];

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** True when `error` (or one of its causes, as drizzle wraps driver errors) means the database cannot be reached now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = codeOf(current);
    if (code !== undefined && (unreachableCodes.has(code) || unavailableStates.has(code) || code.startsWith('08')))
      return true;
    if (unavailableMessages.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
  }
  return false;
}

export interface RetryOptions {
  /** How many times to try in all. */
  attempts: number;
  /** The first wait; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Told once per failed attempt that will be retried, in one line. */
  onRetry: (message: string) => void;
  /** Waits; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The one-line reason of an unavailability, without a stack. */
export function shortReason(error: unknown): string {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = codeOf(current);
    if (code !== undefined) return `${code}: ${current.message.split('\n')[0] ?? ''}`;
  }
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  // pg-boss's error events are plain copies of the error ({ ...error, message, stack, queue }).
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    const code = codeOf(error);
    const line = error.message.split('\n')[0] ?? '';
    return code === undefined ? line : `${code}: ${line}`;
  }
  return String(error);
}

/**
 * Runs `connect` until it succeeds, waiting longer each time while the database is unavailable;
 * any other failure (a wrong password, a broken migration) is thrown at once.
 */
export async function withConnectionRetry<T>(connect: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= options.attempts) throw error;
      const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
      options.onRetry(
        `The database is not reachable yet (${shortReason(error)}); attempt ${attempt} of ${options.attempts}, retrying in ${(delay / 1000).toFixed(1)} s.`,
      );
      await sleep(delay);
    }
  }
}
