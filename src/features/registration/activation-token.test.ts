import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_TOKEN_KEY, keepActivationToken } from './activation-token';
import { readActivationToken } from './pending-activation-token';

const token = 'T'.repeat(43);

/** This tab's session storage, as a map. */
function stubSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}

describe("an activation link's token", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubSessionStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is kept from the fragment, for the page to take it out of the address', () => {
    expect(keepActivationToken(`#token=${token}`, '')).toBe(true);
    expect(readActivationToken()).toBe(token);
  });

  it('is kept from the query of a link mailed before the token moved to the fragment', () => {
    expect(keepActivationToken('', `?token=${token}`)).toBe(true);
    expect(readActivationToken()).toBe(token);
  });

  it('cut short, is taken out of the address and leaves no older token behind', () => {
    items.set(ACTIVATION_TOKEN_KEY, 'O'.repeat(43));
    expect(keepActivationToken(`#token=${token.slice(0, 20)}`, '')).toBe(true);
    expect(readActivationToken()).toBeNull();
  });

  it('absent, leaves the address and what was kept alone', () => {
    items.set(ACTIVATION_TOKEN_KEY, token);
    expect(keepActivationToken('', '')).toBe(false);
    expect(keepActivationToken('#main', '?lang=es-ES')).toBe(false);
    expect(readActivationToken()).toBe(token);
  });
});
