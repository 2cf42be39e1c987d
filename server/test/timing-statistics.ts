/**
 * Whether two sets of response times tell two cases apart (an address with an account and one
 * without, say), as an attacker timing the answers would try to. Rank statistics only: the noise
 * of a shared machine (a slow outlier, a burst of load) moves them little, where means and
 * standard deviations would follow every outlier.
 */

/** The samples of each case, in milliseconds. */
export interface TimingSamples {
  a: number[];
  b: number[];
}

export interface Separability {
  /**
   * Mann-Whitney's U over the product of the sample sizes: the chance that a time of `a` is longer
   * than one of `b` (ties count half). 0.5 when the cases cannot be told apart; 1 or 0 when every
   * time of one case is longer than every time of the other.
   */
  auc: number;
  /**
   * The best an attacker can do with one threshold on the time (the best cut, on either side),
   * as the share of samples it classifies right with as many of each case: 0.5 is chance.
   */
  accuracy: number;
  medianA: number;
  medianB: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Mann-Whitney's U of `a` over `b`, divided by |a|·|b| (the area under the ROC curve). */
export function rankAuc(a: readonly number[], b: readonly number[]): number {
  const pooled = [...a.map((value) => ({ value, inA: true })), ...b.map((value) => ({ value, inA: false }))].sort((x, y) => x.value - y.value);
  // Average ranks (1-based) over runs of ties.
  let rankSumA = 0;
  for (let start = 0; start < pooled.length; ) {
    let end = start;
    while (end + 1 < pooled.length && pooled[end + 1]?.value === pooled[start]?.value) end += 1;
    const averageRank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index += 1) if (pooled[index]?.inA) rankSumA += averageRank;
    start = end + 1;
  }
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  return u / (a.length * b.length);
}

/** The balanced accuracy of the best single threshold, whichever side of it each case is put on. */
export function bestSplitAccuracy(a: readonly number[], b: readonly number[]): number {
  const cuts = [...new Set([...a, ...b])].sort((x, y) => x - y);
  let best = 0.5;
  for (const cut of cuts) {
    const aAtOrBelow = a.filter((value) => value <= cut).length / a.length;
    const bAtOrBelow = b.filter((value) => value <= cut).length / b.length;
    // "At or below the cut is a" or "at or below the cut is b": the better of the two.
    const accuracy = (aAtOrBelow + (1 - bAtOrBelow)) / 2;
    best = Math.max(best, accuracy, 1 - accuracy);
  }
  return best;
}

export function separability({ a, b }: TimingSamples): Separability {
  return { auc: rankAuc(a, b), accuracy: bestSplitAccuracy(a, b), medianA: median(a), medianB: median(b) };
}

/** One line for a test's output: the medians, the AUC and the best cut's accuracy. */
export function describeSeparability(label: string, result: Separability, names: { a: string; b: string }): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${label}: median ${names.a} ${ms(result.medianA)}, ${names.b} ${ms(result.medianB)}; AUC ${result.auc.toFixed(3)}; best cut ${(result.accuracy * 100).toFixed(1)}% right`;
}

export interface InterleavedTiming {
  /** Pairs to take: each pair times one request of each case, in a random order. */
  pairs: number;
  /** Sends the `index`th request of case a (each index once); resolves when its answer is complete. */
  a: (index: number) => Promise<void>;
  b: (index: number) => Promise<void>;
  /**
   * Runs after every request, outside the timing: waiting for the work the request left in the
   * background, so that one request's leftovers never land in the next one's time.
   */
  between?: () => Promise<void>;
  /** Requests of each case made before timing starts, for the JIT and the database's caches. */
  warmUp?: number;
}

/**
 * Times the two cases in interleaved pairs, each pair in a random order, so that whatever else
 * the machine does at a moment slows both cases alike.
 */
export async function timeInterleaved({ pairs, a, b, between = () => Promise.resolve(), warmUp = 5 }: InterleavedTiming): Promise<TimingSamples> {
  const samples: TimingSamples = { a: [], b: [] };
  const timed = async (send: () => Promise<void>, into: number[] | null) => {
    const start = performance.now();
    await send();
    const elapsed = performance.now() - start;
    into?.push(elapsed);
    await between();
  };
  for (let index = 0; index < warmUp + pairs; index += 1) {
    const keep = index >= warmUp;
    const first = Math.random() < 0.5 ? 'a' : 'b';
    const order = first === 'a' ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const which of order) {
      await timed(() => (which === 'a' ? a(index) : b(index)), keep ? samples[which] : null);
    }
  }
  return samples;
}
