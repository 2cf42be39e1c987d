import { describe, expect, it } from 'vitest';
import { barFailures, formatTable, median, medianMetrics, meetsBar, type MeasuredPage, type PageMetrics } from './web-report';

const fast: PageMetrics = { lcp: 900, fcp: 800, tbt: 40, cls: 0, score: 0.99 };
const floor: MeasuredPage = { label: 'floor', kind: 'floor', metrics: { lcp: 700, fcp: 700, tbt: 0, cls: 0, score: 1 } };
const page = (kind: MeasuredPage['kind'], metrics: Partial<PageMetrics>): MeasuredPage => ({ label: `/${kind}`, kind, metrics: { ...fast, ...metrics } });

describe('the median of the runs', () => {
  it('takes the middle run, so one slow run on a busy machine does not move the figure', () => {
    expect(median([2600, 900, 950])).toBe(950);
  });

  it('averages the two middle runs of an even count', () => {
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });

  it('refuses no runs at all rather than printing a made-up figure', () => {
    expect(() => median([])).toThrow();
  });

  it('takes each metric on its own', () => {
    const runs = [
      { lcp: 1000, fcp: 900, tbt: 10, cls: 0.2, score: 0.5 },
      { lcp: 3000, fcp: 100, tbt: 30, cls: 0, score: 0.9 },
      { lcp: 2000, fcp: 500, tbt: 20, cls: 0.1, score: 0.7 },
    ];
    expect(medianMetrics(runs)).toEqual({ lcp: 2000, fcp: 500, tbt: 20, cls: 0.1, score: 0.7 });
  });
});

describe('the bar', () => {
  it('passes a page within 1.2 s and 1.6× the floor', () => {
    expect(barFailures(page('patient', { lcp: 1120 }), floor.metrics.lcp)).toEqual([]);
  });

  it('fails a page that is under 1.2 s but more than 1.6× a fast floor', () => {
    expect(barFailures(page('patient', { lcp: 1150 }), 700)).toEqual(['LCP 1.64× floor > 1.6×']);
  });

  it('fails a page slower than 1.2 s even when the floor is slow too', () => {
    expect(barFailures(page('patient', { lcp: 1300 }), 1000)).toEqual(['LCP 1.30 s > 1.20 s']);
  });

  it('gives a signed-in page (the invoices, the payment wizard) no more time than a signed-out one', () => {
    expect(barFailures(page('patient', { lcp: 1450 }), 1000)).toEqual(['LCP 1.45 s > 1.20 s']);
    expect(barFailures(page('patient', { lcp: 1150 }), 700)).toEqual(['LCP 1.64× floor > 1.6×']);
  });

  it('fails blocking time over 150 ms and layout shift over 0.02 on any page', () => {
    expect(barFailures(page('patient', { tbt: 151, cls: 0.03 }), 700)).toEqual(['TBT 151 ms > 150 ms', 'CLS 0.030 > 0.02']);
    expect(barFailures(page('patient', { tbt: 150, cls: 0.02 }), 700)).toEqual([]);
  });

  it('holds the floor page to nothing: it is the yardstick', () => {
    expect(barFailures({ ...floor, metrics: { ...fast, lcp: 5000, tbt: 900 } }, 5000)).toEqual([]);
  });

  it('is met only when every page meets it', () => {
    expect(meetsBar([floor, page('patient', {}), page('patient', {})])).toBe(true);
    expect(meetsBar([floor, page('patient', {}), page('patient', { cls: 0.1 })])).toBe(false);
  });
});

describe('the printed table', () => {
  const table = formatTable([floor, { ...page('patient', { lcp: 2610, fcp: 1850, tbt: 128, cls: 0.137, score: 0.914 }), label: '/SUN/login' }]);
  const lines = table.split('\n');

  it('has a header, a rule and a row per page, all of one width', () => {
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| page +\| LCP +\| FCP +\| TBT +\| CLS +\| perf score \| LCP ÷ floor LCP \| bar +\|$/);
    expect(lines[1]).toMatch(/^\| -+ \| -+ \|/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it('shows seconds, milliseconds, the score, the ratio to the floor and the verdict', () => {
    expect(lines[2]).toMatch(/^\| floor +\| 0\.70 s \| 0\.70 s \| 0 ms +\| 0\.000 \| 1\.00 +\| 1\.00× +\| \(the floor\)/);
    const cells = lines[3]?.split('|').map((cell) => cell.trim());
    expect(cells?.slice(1, 9)).toEqual([
      '/SUN/login',
      '2.61 s',
      '1.85 s',
      '128 ms',
      '0.137',
      '0.91',
      '3.73×',
      'FAIL: LCP 2.61 s > 1.20 s; LCP 3.73× floor > 1.6×; CLS 0.137 > 0.02',
    ]);
  });

  it('says PASS on a page that meets the bar', () => {
    expect(formatTable([floor, page('patient', {})])).toMatch(/\| PASS +\|$/m);
  });

  it('needs the floor page, since every ratio is to it', () => {
    expect(() => formatTable([page('patient', {})])).toThrow(/floor/);
  });
});
