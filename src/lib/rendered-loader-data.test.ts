import { describe, expect, it, vi } from 'vitest';
import { keepRenderedLoaderData, loadOnce } from './rendered-loader-data';

describe("the server's loader data", () => {
  it('answers the first load of its route without a call, and every later load asks again', async () => {
    keepRenderedLoaderData({ '/{-$client}/invoices': { balance: 1250 } });
    const load = vi.fn(() => Promise.resolve({ balance: 900 }));
    expect(await loadOnce('/{-$client}/invoices', load)).toEqual({ balance: 1250 });
    expect(load).not.toHaveBeenCalled();
    expect(await loadOnce('/{-$client}/invoices', load)).toEqual({ balance: 900 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the routes the server did not load to their loaders', async () => {
    const load = vi.fn(() => Promise.resolve('documents'));
    expect(await loadOnce('/{-$client}/documents', load)).toBe('documents');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
