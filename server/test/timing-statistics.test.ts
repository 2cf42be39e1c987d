import { describe, expect, it } from 'vitest';
import { bestSplitAccuracy, median, rankAuc, separability, timeInterleaved } from './timing-statistics';

describe('the timing statistics', () => {
  it('tell apart two cases whose times never overlap, and not two that are the same', () => {
    expect(rankAuc([10, 11, 12], [1, 2, 3])).toBe(1);
    expect(rankAuc([1, 2, 3], [10, 11, 12])).toBe(0);
    expect(bestSplitAccuracy([10, 11, 12], [1, 2, 3])).toBe(1);
    expect(bestSplitAccuracy([1, 2, 3], [10, 11, 12])).toBe(1);
    expect(rankAuc([1, 2, 3, 4], [1, 2, 3, 4])).toBe(0.5);
    expect(bestSplitAccuracy([5, 5, 5], [5, 5, 5])).toBe(0.5);
  });

  it('count ties half, and find the best cut of overlapping cases', () => {
    // Of the pairs (2,1) (2,2) (3,1) (3,2), a is longer in three and ties in one.
    expect(rankAuc([2, 3], [1, 2])).toBe(3.5 / 4);
    // Cut at 2: a ≤ 2 is half of a, b ≤ 2 is all of b → (0.5 + 1) / 2 on the "above is a" side.
    expect(bestSplitAccuracy([2, 3], [1, 2])).toBe(0.75);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(separability({ a: [1, 2], b: [3, 4] })).toEqual({ auc: 0, accuracy: 1, medianA: 1.5, medianB: 3.5 });
  });

  it('time every index of each case once, after the warm-up, and run the pause between every request', async () => {
    const sent: string[] = [];
    let pauses = 0;
    const samples = await timeInterleaved({
      pairs: 4,
      warmUp: 2,
      a: (index) => Promise.resolve(void sent.push(`a${String(index)}`)),
      b: (index) => Promise.resolve(void sent.push(`b${String(index)}`)),
      between: () => Promise.resolve(void (pauses += 1)),
    });
    expect([samples.a.length, samples.b.length]).toEqual([4, 4]);
    expect(sent.filter((name) => name.startsWith('a')).sort()).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    expect(sent.filter((name) => name.startsWith('b')).sort()).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
    expect(pauses).toBe(12);
  });
});
