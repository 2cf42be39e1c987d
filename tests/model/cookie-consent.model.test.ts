import { describe, expect, it } from 'vitest';
import { cookieConsentModel, stored } from './cookie-consent.model';
import { runModelPath } from './harness';
import { namedPaths } from './paths';

describe('cookie consent machine', () => {
  it('stores the acceptance when the visitor accepts', () => {
    const accept = namedPaths(cookieConsentModel).find((named) => named.labels.at(-1) === 'Accepts the cookie notice');
    if (!accept) throw new Error('the model has no path that accepts');
    const before = stored.length;
    runModelPath(accept.spec, accept.path);
    expect(stored.length).toBe(before + 1);
  });
});
