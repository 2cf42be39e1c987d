/**
 * `npm run bench:web`: the first screen on a phone, as Lighthouse's mobile simulation sees it
 * (slow 4G, 4× CPU slowdown), beside a floor page measured in the same sitting (these machines are
 * shared and noisy, so the ratio to the floor is what compares across runs).
 *
 * Starts, each in its own process: the portal (as `npm start` serves it, over fresh demo data in a
 * throwaway folder) and a static sign-in page of the same look with no script (the floor). Then runs
 * Lighthouse, performance only, on the floor page, /SUN/login, /, /SUN/guestLogin and, signed in as
 * pat.doe (the session cookie as an extra header), /SUN/invoices and the payment wizard's first
 * step /SUN/payment/online. The pages take turns, run after
 * run, so a busy spell on the machine spreads over all of them. It prints each metric's median
 * against the bar and exits 1 when a page misses it.
 *
 * Uses the build in dist/ as it is (builds it only when missing): run `npm run build` first to
 * measure changes. Options: --runs N (default 3). CHROME_PATH: the browser (default /usr/bin/chromium).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { runBenchmark, signIn, startProcess } from './bench/processes';
import { BAR, formatTable, medianMetrics, meetsBar, type MeasuredPage, type PageKind, type PageMetrics } from './bench/web-report';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const cleanups: (() => Promise<void> | void)[] = [];

function runsOption(): number {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs per page, got "${values.runs}"`);
  return runs;
}

/** The build to measure: the one in dist/ when there is one, else a fresh one. */
function ensureBuild(): void {
  if (existsSync(join(distDir, 'index.html'))) {
    const built = statSync(join(distDir, 'index.html')).mtime;
    console.log(`Measuring the build in dist/ from ${built.toLocaleString()} (run npm run build first to measure later changes).`);
    return;
  }
  console.log('No build in dist/: running npm run build first.');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

interface Page {
  label: string;
  kind: PageKind;
  url: string;
  cookie?: string;
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse measured no ${audit} on ${lhr.requestedUrl}`);
  return value;
}

/** Lighthouse's own failure to record a run (a trace without its navigation start, on a busy machine). */
class LighthouseRunError extends Error {}

/** How often a run Lighthouse failed to record is tried again before the benchmark gives up. */
const retriesPerRun = 2;

/** One run of a page in a fresh browser, tried again when Lighthouse fails to record it. */
async function measureRun(page: Page): Promise<Measurement> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withChrome((chrome) => measure(page, chrome));
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= retriesPerRun) throw error;
      console.log(`${error.message}; trying that run again`);
    }
  }
}

interface Measurement {
  metrics: PageMetrics;
  lighthouseVersion: string;
}

/**
 * A fresh browser for every run, as Lighthouse's own command line does: Lighthouse clears the cache
 * but keeps cookies, and Chromium sends the cookies it holds in place of the extra Cookie header,
 * so an anti-forgery cookie kept from a signed-out page would sign the invoices page out.
 */
async function withChrome<T>(use: (chrome: LaunchedChrome) => Promise<T>): Promise<T> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // No sandbox: these machines run as root, where Chromium refuses to start with one.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    return await use(chrome);
  } finally {
    chrome.kill();
  }
}

async function measure(page: Page, chrome: LaunchedChrome): Promise<Measurement> {
  // Lighthouse's defaults are the mobile run: a Moto G Power's screen, slow 4G and 4× CPU, simulated.
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  };
  const result = await lighthouse(page.url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse could not measure ${page.url}: ${lhr.runtimeError.message}`);
  // A guard that sends the page elsewhere (the session cookie not reaching it, say) would time the wrong screen.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(page.url).pathname) throw new Error(`${page.label} ended on ${lhr.finalDisplayedUrl}, not on the page asked for`);
  const metrics = {
    lcp: numeric(lhr, 'largest-contentful-paint'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    score: lhr.categories.performance?.score ?? 0,
  };
  return { metrics, lighthouseVersion: lhr.lighthouseVersion };
}

async function main(): Promise<void> {
  const runs = runsOption();
  ensureBuild();

  const floorUrl = await startProcess(['scripts/bench/floor-server.ts'], { DIST_DIR: distDir });
  const dataDir = mkdtempSync(join(tmpdir(), 'pbp-bench-web-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = await startProcess(['server/main.ts'], { PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir });
  const cookie = await signIn(base);

  const pages: Page[] = [
    { label: 'floor page (static HTML)', kind: 'floor', url: `${floorUrl}/floor` },
    { label: '/SUN/login', kind: 'patient', url: `${base}/SUN/login` },
    { label: '/', kind: 'patient', url: `${base}/` },
    { label: '/SUN/guestLogin', kind: 'patient', url: `${base}/SUN/guestLogin` },
    { label: '/SUN/invoices (signed in)', kind: 'patient', url: `${base}/SUN/invoices`, cookie },
    { label: '/SUN/payment/online (signed in)', kind: 'patient', url: `${base}/SUN/payment/online`, cookie },
  ];

  let version = '';
  const measured = new Map<Page, PageMetrics[]>(pages.map((page) => [page, []]));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const { metrics, lighthouseVersion } = await measureRun(page);
      version = lighthouseVersion;
      measured.get(page)?.push(metrics);
      console.log(`run ${run}/${runs} ${page.label}: LCP ${(metrics.lcp / 1000).toFixed(2)} s, FCP ${(metrics.fcp / 1000).toFixed(2)} s`);
    }
  }

  const results: MeasuredPage[] = pages.map((page) => ({ label: page.label, kind: page.kind, metrics: medianMetrics(measured.get(page) ?? []) }));
  console.log(`\nLighthouse ${version}, mobile (simulated slow 4G, 4× CPU), median of ${runs} run${runs === 1 ? '' : 's'} per page\n`);
  console.log(formatTable(results));
  const passed = meetsBar(results);
  console.log(
    passed
      ? '\nEvery page meets the bar.'
      : `\nSome pages miss the bar: LCP ≤ ${BAR.lcpMs / 1000} s and ≤ ${BAR.lcpToFloor}× the floor; TBT ≤ ${BAR.tbtMs} ms; CLS ≤ ${BAR.cls}.`,
  );
  if (!passed) process.exitCode = 1;
}

await runBenchmark(main, cleanups);
