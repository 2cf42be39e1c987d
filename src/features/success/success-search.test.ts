import { describe, expect, it } from 'vitest';
import { parseSuccessSearch } from './success-search';

describe('success screen search', () => {
  it('keeps a known message, an internal redirect and its delay', () => {
    expect(parseSuccessSearch({ message: 'registered', redirect: '/SUN/about', delay: 1 })).toEqual({
      message: 'registered',
      redirect: '/SUN/about',
      delay: 1,
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

  it('waits 5 seconds unless told otherwise, and between 1 and 30 seconds at most', () => {
    expect(parseSuccessSearch({ redirect: '/login' }).delay).toBe(5);
    expect(parseSuccessSearch({ redirect: '/login', delay: 'soon' }).delay).toBe(5);
    expect(parseSuccessSearch({ redirect: '/login', delay: '12' }).delay).toBe(12);
    expect(parseSuccessSearch({ redirect: '/login', delay: 0 }).delay).toBe(1);
    expect(parseSuccessSearch({ redirect: '/login', delay: 3600 }).delay).toBe(30);
  });
});
