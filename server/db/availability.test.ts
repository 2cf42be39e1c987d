import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, shortReason } from './availability';

describe('shortReason', () => {
  it('names the driver’s code of an error or of its cause, on one line', () => {
    const driver = Object.assign(new Error('terminating connection due to administrator command\nDETAIL: …'), { code: '57P01' });
    expect(shortReason(driver)).toBe('57P01: terminating connection due to administrator command');
    expect(shortReason(new Error('Failed query: rollback', { cause: driver }))).toBe('57P01: terminating connection due to administrator command');
    expect(shortReason(new Error('plain\nsecond line'))).toBe('plain');
  });

  it('reads the plain copies of errors that pg-boss emits, rather than printing [object Object]', () => {
    const copied = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432\nat …', stack: '…', queue: 'webhook-delivery' };
    expect(shortReason(copied)).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432');
    expect(shortReason({ message: 'Queue cache is stale' })).toBe('Queue cache is stale');
    expect(shortReason('a string')).toBe('a string');
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a lost or refused connection from an error of the query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
