import { describe, expect, it } from 'vitest';
import { disputeRight, type DisputableBill } from './bill-dispute';

/** A bill of 2026-01-19 with these charges, one line each, and this estimate. */
function bill(estimateCents: number | null, ...charges: number[]): DisputableBill {
  return { invoiceDate: '2026-01-19', goodFaithEstimateCents: estimateCents, lines: charges.map((chargeCents) => ({ chargeCents })) };
}

describe('the right to dispute a bill above its good-faith estimate', () => {
  it('is there when the charges exceed the estimate by exactly $400, and not a cent less', () => {
    expect(disputeRight(bill(60_000, 70_000, 30_000), '2026-02-01')).toMatchObject({ chargesCents: 100_000, estimateCents: 60_000, excessCents: 40_000 });
    expect(disputeRight(bill(60_000, 70_000, 29_999), '2026-02-01')).toBeNull();
  });

  it('adds up every line of the bill (NPP-200018: $1,190.00 against $600.00)', () => {
    expect(disputeRight(bill(60_000, 95_000, 24_000), '2026-02-01')).toMatchObject({ excessCents: 59_000, deadline: '2026-05-19' });
  });

  it('is not there without an estimate, nor for a bill without lines', () => {
    expect(disputeRight(bill(null, 500_000), '2026-02-01')).toBeNull();
    expect(disputeRight(bill(0), '2026-02-01')).toBeNull();
    // SUN-100035: $228.00 against $150.00.
    expect(disputeRight(bill(15_000, 21_000, 1_800), '2026-02-01')).toBeNull();
  });

  it('lasts 120 days from the bill date: still open on the last day, passed the day after', () => {
    expect(disputeRight(bill(0, 40_000), '2026-05-19')).toMatchObject({ deadline: '2026-05-19', passed: false });
    expect(disputeRight(bill(0, 40_000), '2026-05-20')).toMatchObject({ deadline: '2026-05-19', passed: true });
    expect(disputeRight(bill(0, 40_000), '2026-01-19')).toMatchObject({ passed: false });
  });

  it('counts calendar days across a leap day and a change of year', () => {
    expect(disputeRight({ ...bill(0, 40_000), invoiceDate: '2027-12-01' }, '2028-01-01')?.deadline).toBe('2028-03-30');
    expect(disputeRight({ ...bill(0, 40_000), invoiceDate: '2026-12-01' }, '2027-01-01')?.deadline).toBe('2027-03-31');
  });
});
