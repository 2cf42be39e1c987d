import { describe, expect, it } from 'vitest';
import { toExternalUrl, toInternalPath } from './safe-redirect';

describe('redirect targets', () => {
  it('keeps internal paths', () => {
    expect(toInternalPath('/SUN/invoices')).toBe('/SUN/invoices');
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', 'invoices', '', '/a\nb', 42, null])(
    'refuses %j as an internal redirect',
    (value) => {
      expect(toInternalPath(value)).toBeNull();
    },
  );

  it('accepts only http(s) addresses as external links', () => {
    expect(toExternalUrl('https://payments.example.org/harbor')).toBe('https://payments.example.org/harbor');
    expect(toExternalUrl('javascript:alert(1)')).toBeNull();
    expect(toExternalUrl('/relative')).toBeNull();
    expect(toExternalUrl('')).toBeNull();
  });
});
