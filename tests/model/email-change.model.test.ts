import { describe, expect, it } from 'vitest';
import { emailChangeModel } from './email-change.model';
import { emailConfirmationModel } from './email-confirmation.model';
import { namedPaths } from './paths';

describe('email change machine', () => {
  it('has paths to walk through the form, its refusals and the link sent', () => {
    expect(namedPaths(emailChangeModel).length).toBeGreaterThan(20);
  });
});

describe('email confirmation machine', () => {
  it('has paths to walk', () => {
    expect(namedPaths(emailConfirmationModel).length).toBeGreaterThan(0);
  });
});
