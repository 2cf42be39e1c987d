import { describe, expect, it } from 'vitest';
import { underClient, withClientPrefix } from './client-path';

describe('underClient', () => {
  it('replaces the client segment, or puts one in front', () => {
    expect(underClient('/HBR/invoices', 'SUN')).toBe('/SUN/invoices');
    expect(underClient('/NPP/payment/online', 'SUN')).toBe('/SUN/payment/online');
    expect(underClient('/invoices', 'SUN')).toBe('/SUN/invoices');
    expect(underClient('/HBR', 'SUN')).toBe('/SUN');
    expect(underClient('/HBR/', 'SUN')).toBe('/SUN');
    expect(underClient('/', 'SUN')).toBe('/SUN');
  });
});

describe('withClientPrefix', () => {
  it('keeps the current client code in front of an app path', () => {
    expect(withClientPrefix('/login', '/SUN/invoices')).toBe('/SUN/login');
    expect(withClientPrefix('/login', '/invoices')).toBe('/login');
  });
});
