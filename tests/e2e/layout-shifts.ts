import type { Page } from '@playwright/test';

/**
 * Records the page's layout shifts from its next load on, but for those right after a click or a
 * key (the visitor's own doing, not the page's).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!('hadRecentInput' in entry) || entry.hadRecentInput !== true) shifts.push('value' in entry && typeof entry.value === 'number' ? entry.value : 0);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the shifts recorded so far (the page's cumulative layout shift). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const shifts: unknown = Reflect.get(window, 'layoutShifts');
    return Array.isArray(shifts) ? shifts.reduce((sum: number, value: unknown) => sum + (typeof value === 'number' ? value : 0), 0) : 0;
  });
}
