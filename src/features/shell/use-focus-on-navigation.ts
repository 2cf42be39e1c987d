import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long a new screen may take to show its heading (a lazy chunk, a wizard loading its data). */
const HEADING_WAIT_MS = 5000;

/**
 * Focuses the new screen's heading as soon as it is on the page, unless the user moves the focus
 * first (or the screen does, like a notice that must be read first). Returns a stop function.
 */
function focusHeadingWhenShown(): () => void {
  const main = document.getElementById('main-content');
  if (!main) return () => undefined;
  const focusHeading = (): boolean => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    heading.tabIndex = -1;
    heading.focus();
    return true;
  };
  if (focusHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', stop);
  }
  observer.observe(main, { childList: true, subtree: true });
  document.addEventListener('focusin', stop);
  return stop;
}

/**
 * After each navigation (not the first load), focus moves to the new screen's heading, so a
 * keyboard or screen-reader user starts reading the new page rather than where they clicked.
 */
export function useFocusOnNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    let first = true;
    let stopWaiting = (): void => undefined;
    const unsubscribe = router.subscribe('onResolved', ({ pathChanged }) => {
      if (first) {
        first = false;
        return;
      }
      if (!pathChanged) return;
      stopWaiting();
      requestAnimationFrame(() => {
        stopWaiting = focusHeadingWhenShown();
      });
    });
    return () => {
      unsubscribe();
      stopWaiting();
    };
  }, [router]);
}
