import { describe, expect, it } from 'vitest';
import { parseSuccessSearch } from './success-search';

describe('success screen search', () => {
  it('keeps a known message, an internal redirect and its delay', () => {
    expect(parseSuccessSearch({ message: 'registered', redirect: '/SUN/about', delay: 25 })).toEqual({
      message: 'registered',
      redirect: '/SUN/about',
      delay: 25,
    });
  });

  it('drops a message that is not one of its keys, so no text from the URL is shown', () => {
    expect(parseSuccessSearch({ message: 'Your account was hacked, call 555-0100' }).message).toBeUndefined();
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('ignores the redirect %s', (redirect) => {
    // Explicitly undefined: the router lays the validated search over the raw one.
    expect(parseSuccessSearch({ message: 'passwordReset', redirect, delay: 3 })).toStrictEqual({
      message: 'passwordReset',
      redirect: undefined,
      delay: undefined,
    });
  });

  it('waits 20 seconds unless told otherwise, never less, and 30 seconds at most', () => {
    expect(parseSuccessSearch({ redirect: '/login' }).delay).toBe(20);
    expect(parseSuccessSearch({ redirect: '/login', delay: 'soon' }).delay).toBe(20);
    expect(parseSuccessSearch({ redirect: '/login', delay: '24' }).delay).toBe(24);
    expect(parseSuccessSearch({ redirect: '/login', delay: '12' }).delay).toBe(20);
    expect(parseSuccessSearch({ redirect: '/login', delay: 1 }).delay).toBe(20);
    expect(parseSuccessSearch({ redirect: '/login', delay: 0 }).delay).toBe(20);
    expect(parseSuccessSearch({ redirect: '/login', delay: 3600 }).delay).toBe(30);
  });
});
