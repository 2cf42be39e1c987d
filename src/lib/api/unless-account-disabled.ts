import { ApiError } from './errors';

/** What a screen of a disabled account gets instead of its data. */
export type OrAccountDisabled<T> = { status: 'loaded'; data: T } | { status: 'accountDisabled' };

/**
 * Loads a signed-in account's data; the server refusing a disabled account is an answer the
 * screen shows, not a failure. Other failures are thrown for the route's error screen.
 */
export async function unlessAccountDisabled<T>(load: () => Promise<T>): Promise<OrAccountDisabled<T>> {
  try {
    return { status: 'loaded', data: await load() };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'accountDisabled') return { status: 'accountDisabled' };
    throw error;
  }
}
