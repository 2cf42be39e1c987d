import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLinkToken, takeLinkToken, type AddressBar } from './link-token';

const token = 'T'.repeat(43);
const key = 'activationToken';

/** This tab's session storage, as a map. */
function stubSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  });
  return items;
}

/** An address bar at `hash` and `search`, recording what the page puts in its place. */
function addressBar(hash: string, search = ''): AddressBar & { replaced: string[] } {
  const replaced: string[] = [];
  return {
    location: { hash, search, pathname: '/SUN/confirmation/activate' },
    history: { state: { key: 'k' }, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
    replaced,
  };
}

describe("an emailed link's token", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubSessionStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is taken from the fragment into this tab, and out of the address', () => {
    const bar = addressBar(`#token=${token}`);
    expect(takeLinkToken(key, bar)).toBe(token);
    expect(bar.replaced).toEqual(['/SUN/confirmation/activate']);
    // A reload finds it still.
    expect(takeLinkToken(key, addressBar(''))).toBe(token);
    forgetLinkToken(key);
    expect(takeLinkToken(key, addressBar(''))).toBeNull();
  });

  it('is taken from the query of a link mailed before the token moved to the fragment', () => {
    const bar = addressBar('', `?token=${token}`);
    expect(takeLinkToken(key, bar)).toBe(token);
    expect(bar.replaced).toEqual(['/SUN/confirmation/activate']);
  });

  it('cut short, is taken out of the address and leaves no older token behind', () => {
    items.set(key, 'O'.repeat(43));
    const bar = addressBar(`#token=${token.slice(0, 20)}`);
    expect(takeLinkToken(key, bar)).toBeNull();
    expect(bar.replaced).toHaveLength(1);
  });

  it('absent, leaves the address and what was kept alone', () => {
    items.set(key, token);
    for (const bar of [addressBar(''), addressBar('#main', '?lang=es-ES')]) {
      expect(takeLinkToken(key, bar)).toBe(token);
      expect(bar.replaced).toEqual([]);
    }
  });

  it('is kept apart per kind of link', () => {
    takeLinkToken(key, addressBar(`#token=${token}`));
    expect(takeLinkToken('accessRemovalToken', addressBar(''))).toBeNull();
  });
});
