/**
 * The patient's right to dispute a bill that is well above its good-faith estimate (the No
 * Surprises Act's patient-provider dispute resolution): when the billed charges exceed the estimate
 * by $400 or more, the patient may start a dispute within 120 calendar days of the bill's date.
 * One rule for the screens and the statement PDF, so they never disagree.
 */

/** By how much the charges must exceed the estimate: $400.00. */
export const DISPUTE_THRESHOLD_CENTS = 40_000;
/** How long after the bill's date the patient may start a dispute. */
export const DISPUTE_PERIOD_DAYS = 120;

/** What the rule reads of an invoice. */
export interface DisputableBill {
  /** The bill's date, YYYY-MM-DD. */
  invoiceDate: string;
  goodFaithEstimateCents: number | null;
  lines: readonly { chargeCents: number }[];
}

/** A bill the patient may dispute, or could have. */
export interface DisputeRight {
  chargesCents: number;
  estimateCents: number;
  /** How much the charges exceed the estimate (at least the threshold). */
  excessCents: number;
  /** The last day to start a dispute, YYYY-MM-DD. */
  deadline: string;
  /** Whether `today` is after the deadline (on the deadline day, it is still open). */
  passed: boolean;
}

/** A YYYY-MM-DD date `days` calendar days later (in UTC, so no daylight-saving shift moves it). */
function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The bill's dispute right as of `today` (YYYY-MM-DD), or null when it has none: no good-faith
 * estimate, or charges less than $400 above it.
 */
export function disputeRight(bill: DisputableBill, today: string): DisputeRight | null {
  const estimateCents = bill.goodFaithEstimateCents;
  if (estimateCents === null) return null;
  const chargesCents = bill.lines.reduce((sum, line) => sum + line.chargeCents, 0);
  const excessCents = chargesCents - estimateCents;
  if (excessCents < DISPUTE_THRESHOLD_CENTS) return null;
  const deadline = addDays(bill.invoiceDate, DISPUTE_PERIOD_DAYS);
  // ISO dates compare as text.
  return { chargesCents, estimateCents, excessCents, deadline, passed: today > deadline };
}
