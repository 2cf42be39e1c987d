import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CallError } from './call-error';
import { ApiError } from './errors';

describe('a failed call as a machine reads it', () => {
  it('carries the screen’s code, a refusal’s fields or problems, and what failed underneath', () => {
    const cause = new ApiError('invalidRequest', 400);
    const refused = new CallError('refused', { fields: { email: 'invalid' } }, { cause });
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ name: 'CallError', code: 'refused', fields: { email: 'invalid' }, problems: undefined, cause });
    expect(new CallError('contrastTooLow', { problems: [{ ratio: 2.1 }] }).problems).toEqual([{ ratio: 2.1 }]);
    expect(new CallError('network')).toMatchObject({ code: 'network', fields: undefined, message: 'Call failed: network' });
  });

  it('is the SPA’s one error class of a failed call: no feature declares its own', () => {
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'));
    const declaring = sources.filter((file) => /class \w+(<[^{]*>)? extends Error\b/.test(readFileSync(join('src', file), 'utf8')));
    expect(declaring.sort()).toEqual([join('lib', 'api', 'call-error.ts'), join('lib', 'api', 'errors.ts')]);
  });
});
