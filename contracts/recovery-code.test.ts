import { describe, expect, it } from 'vitest';
import { recoveryCodeShape } from './console';

describe('a recovery code as typed', () => {
  it('compares without its dash, spaces or case', () => {
    expect(recoveryCodeShape(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(recoveryCodeShape('AB CD EF GH')).toBe('ABCDEFGH');
  });

  it('reads 0, 1 and 8 as the letters O, I and B (the codes have none of those digits)', () => {
    expect(recoveryCodeShape('0K1B-8Q27')).toBe('OKIB-BQ27'.replace('-', ''));
  });

});
