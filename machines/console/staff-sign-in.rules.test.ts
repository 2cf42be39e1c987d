import { describe, expect, it } from 'vitest';
import { staffSignInProblems } from './staff-sign-in.rules';

describe("the sign-in's code field", () => {
  it('is taken by the sign-in form with a 0 for an O, and a code from the app is six digits still', () => {
    const problem = (code: string) => staffSignInProblems({ clientCode: '', email: '', password: '', code }, ['code']).code ?? null;
    expect(problem('w0rd-1n8s')).toBeNull();
    expect(problem('123456')).toBeNull();
    expect(problem('1234567')).toBe('invalid');
    expect(problem('abcd-efg9')).toBe('invalid');
  });
});
