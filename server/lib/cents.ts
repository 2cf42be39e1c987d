/**
 * Whole cents as the decimal the portal's files write (posting files, the console's payments CSV,
 * a statement row's problem): dollars, a point and two digits, a minus for money going back, by
 * integer arithmetic only (never a division in floating point). The one formatter of cents for
 * files; what people read on a screen or a PDF goes through Intl.NumberFormat in their language.
 */
export function centsAsDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${String(cents)}`);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${String(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}
