import { describe, expect, it } from 'vitest';
import { memberModel } from './member.model';
import { namedPaths } from './paths';

describe('member machine', () => {
  it('has paths to walk through loading, editing, saving and signing out everywhere', () => {
    expect(namedPaths(memberModel).length).toBeGreaterThan(20);
  });
});
