/**
 * The pure half of `npm run bench:web`: medians of Lighthouse's runs, the bar of the first screen,
 * and the printed table. Nothing here starts a server or a browser.
 */

/** What one Lighthouse run (or the median of several) measured on one page. */
export interface PageMetrics {
  /** Largest contentful paint, ms. */
  lcp: number;
  /** First contentful paint, ms. */
  fcp: number;
  /** Total blocking time, ms. */
  tbt: number;
  /** Cumulative layout shift, unitless. */
  cls: number;
  /** Lighthouse's performance score, 0 to 1. */
  score: number;
}

/** Which limits a page is held to: the floor page is the yardstick; every patient page, signed in or out, races it. */
export type PageKind = 'floor' | 'patient';

export interface MeasuredPage {
  label: string;
  kind: PageKind;
  metrics: PageMetrics;
}

/** The bar: Lighthouse mobile, measured beside the floor page in one sitting. */
export const BAR = {
  lcpMs: 1200,
  /** At most this many times the floor page's LCP: the machine's speed cancels out. */
  lcpToFloor: 1.6,
  tbtMs: 150,
  cls: 0.02,
} as const;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/** Each metric's median on its own: the runs' medians need not come from the same run. */
export function medianMetrics(runs: readonly PageMetrics[]): PageMetrics {
  const of = (key: keyof PageMetrics) => median(runs.map((run) => run[key]));
  return { lcp: of('lcp'), fcp: of('fcp'), tbt: of('tbt'), cls: of('cls'), score: of('score') };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * What a page misses of the bar, one phrase per limit (empty when it passes). The floor page is the
 * yardstick, not a candidate: it is held to nothing.
 */
export function barFailures(page: MeasuredPage, floorLcp: number): string[] {
  if (page.kind === 'floor') return [];
  const { lcp, tbt, cls } = page.metrics;
  const failures: string[] = [];
  if (lcp > BAR.lcpMs) failures.push(`LCP ${seconds(lcp)} > ${seconds(BAR.lcpMs)}`);
  if (lcp > BAR.lcpToFloor * floorLcp) failures.push(`LCP ${(lcp / floorLcp).toFixed(2)}× floor > ${BAR.lcpToFloor.toFixed(1)}×`);
  if (tbt > BAR.tbtMs) failures.push(`TBT ${tbt.toFixed(0)} ms > ${BAR.tbtMs} ms`);
  if (cls > BAR.cls) failures.push(`CLS ${cls.toFixed(3)} > ${BAR.cls.toFixed(2)}`);
  return failures;
}

/** One table row's cells for a page, the last one its verdict. */
function rowCells(page: MeasuredPage, floorLcp: number): string[] {
  const { lcp, fcp, tbt, cls, score } = page.metrics;
  const failures = barFailures(page, floorLcp);
  const verdict = page.kind === 'floor' ? '(the floor)' : failures.length === 0 ? 'PASS' : `FAIL: ${failures.join('; ')}`;
  return [page.label, seconds(lcp), seconds(fcp), `${tbt.toFixed(0)} ms`, cls.toFixed(3), score.toFixed(2), `${(lcp / floorLcp).toFixed(2)}×`, verdict];
}

export const TABLE_HEADER = ['page', 'LCP', 'FCP', 'TBT', 'CLS', 'perf score', 'LCP ÷ floor LCP', 'bar'] as const;

/** The pages as a Markdown table (so it pastes into docs/benchmarks.md as it is), lines padded to line up. */
export function formatTable(pages: readonly MeasuredPage[]): string {
  const floor = pages.find((page) => page.kind === 'floor');
  if (!floor) throw new Error('The table needs the floor page: every ratio is to its LCP.');
  const rows = pages.map((page) => rowCells(page, floor.metrics.lcp));
  const header = [...TABLE_HEADER];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Whether every page meets the bar (the floor page always does). */
export function meetsBar(pages: readonly MeasuredPage[]): boolean {
  const floor = pages.find((page) => page.kind === 'floor');
  if (!floor) throw new Error('The bar needs the floor page: every page is held to a ratio of its LCP.');
  return pages.every((page) => barFailures(page, floor.metrics.lcp).length === 0);
}
