import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `deadline` (ms since the epoch), rounded up and never below 0. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Whether a countdown that went from `previous` to `current` seconds passed a step worth saying
 * aloud: a full minute, 30 seconds or 10 seconds. Saying every second would drown a screen
 * reader; a skipped second (a throttled background tab) still counts as passing the step.
 */
export function passesAnnouncementStep(previous: number, current: number): boolean {
  if (current >= previous) return false;
  if ([30, 10].some((step) => current <= step && step < previous)) return true;
  const minute = 60 * Math.max(1, Math.ceil(current / 60));
  return minute < previous;
}

/**
 * The seconds left until `deadline`, updated on each whole second. The timer is set from the
 * clock, not from renders, so a late render never slows the countdown.
 */
export function useSecondsUntil(deadline: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline, Date.now()));
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const left = deadline - Date.now();
      setSeconds(secondsUntil(deadline, Date.now()));
      if (left > 0) timer = window.setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [deadline]);
  return seconds;
}

/** How long a new live region waits before it speaks: text already there when it appears is often not read. */
const liveRegionSettle = 300;

/**
 * What a polite live region should say about a countdown: the seconds when it last passed a step
 * (see passesAnnouncementStep), or null for nothing yet. With `atStart`, it first says the
 * seconds left shortly after it appears.
 */
export function useAnnouncedSeconds(seconds: number, { atStart }: { atStart: boolean }): number | null {
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<{ previous: number; announced: number | null }>({ previous: seconds, announced: null });

  useEffect(() => {
    if (!atStart) return;
    const timer = window.setTimeout(() => setStarted(true), liveRegionSettle);
    return () => window.clearTimeout(timer);
  }, [atStart]);

  // Derived while rendering (React's pattern for state that follows a prop), so each second
  // renders once.
  let next = state;
  if (started && state.announced === null) next = { previous: seconds, announced: seconds };
  else if (seconds !== state.previous) {
    next = { previous: seconds, announced: passesAnnouncementStep(state.previous, seconds) ? seconds : state.announced };
  }
  if (next !== state) setState(next);
  return next.announced;
}
