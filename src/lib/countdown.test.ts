import { describe, expect, it } from 'vitest';
import { passesAnnouncementStep, secondsUntil } from './countdown';

describe('countdown', () => {
  it('rounds the time left up to whole seconds and stops at 0', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 1)).toBe(10);
    expect(secondsUntil(10_000, 999)).toBe(10);
    expect(secondsUntil(10_000, 1000)).toBe(9);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });

  it('speaks at each full minute, at 30 and at 10 seconds, and not every second', () => {
    const spoken: number[] = [];
    for (let seconds = 179; seconds >= 0; seconds -= 1) {
      if (passesAnnouncementStep(seconds + 1, seconds)) spoken.push(seconds);
    }
    expect(spoken).toEqual([120, 60, 30, 10]);
  });

  it('still speaks when a step was skipped, say in a throttled background tab', () => {
    expect(passesAnnouncementStep(62, 58)).toBe(true);
    expect(passesAnnouncementStep(33, 27)).toBe(true);
    expect(passesAnnouncementStep(12, 9)).toBe(true);
    expect(passesAnnouncementStep(59, 31)).toBe(false);
  });

  it('stays quiet when the time left grows, as after an extension', () => {
    expect(passesAnnouncementStep(10, 600)).toBe(false);
  });
});
