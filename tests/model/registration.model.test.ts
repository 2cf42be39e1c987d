import { describe, expect, it } from 'vitest';
import { activationModel } from './activation.model';
import { namedPaths } from './paths';
import { registrationModel } from './registration.model';
import { resendActivationModel } from './resend-activation.model';

describe('registration machine', () => {
  it('has paths to walk through the form, its refusals and the server’s answers', () => {
    expect(namedPaths(registrationModel).length).toBeGreaterThan(20);
  });
});

describe('activation machine', () => {
  it('walks both a link with a token and one without (which ends as it opens)', () => {
    const paths = namedPaths(activationModel);
    const withToken = paths.filter((named) => named.variant === 'a link with a token');
    const without = paths.filter((named) => named.variant === 'a link without a token');
    expect(withToken.length).toBeGreaterThan(0);
    expect(without).toHaveLength(1);
    expect(without[0]?.path.steps).toEqual([]);
    expect(without[0]?.path.start.value).toBe('linkUnusable');
  });
});

describe('resend activation machine', () => {
  it('has paths to walk', () => {
    expect(namedPaths(resendActivationModel).length).toBeGreaterThan(0);
  });
});
