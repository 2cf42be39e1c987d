import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Whether the person has followed a link on this page yet (with the pointer or the keyboard). */
let followedLink = false;
// The server renders the first screen with this module too, without a document.
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a')) followedLink = true;
    },
    true,
  );
}

/**
 * Puts focus on the new screen's heading once it is on the page, and again on its replacement if
 * the screen swaps it (a wizard showing "Loading" and then its first step), until focus goes
 * elsewhere or the next navigation. Focus is never taken from inside the new screen: a screen
 * that focuses something first (a notice that must be read) keeps it. Returns a stop function.
 */
function focusHeadingWhenShown(main: HTMLElement): () => void {
  let focused: HTMLElement | null = null;
  const focusHeading = (): void => {
    const heading = main.querySelector<HTMLElement>('h1');
    const active = document.activeElement;
    // Not while the heading has it, nor from inside the new screen: only from the page itself, from
    // the shell (the link used to get here), or from a heading that went away.
    if (!heading || focused?.isConnected || (active !== main && main.contains(active))) return;
    heading.tabIndex = -1;
    focused = heading;
    heading.focus();
  };
  const onFocusIn = (event: FocusEvent): void => {
    if (event.target !== focused) stop();
  };
  const observer = new MutationObserver(focusHeading);
  function stop(): void {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
  }
  observer.observe(main, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  focusHeading();
  return stop;
}

/**
 * After each navigation, focus moves to the new screen's heading, so a keyboard or screen-reader
 * user starts reading the new page rather than where they clicked.
 */
export function useFocusOnNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    let stopWaiting = (): void => undefined;
    const unsubscribe = router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
      // The first screen of a visit keeps the browser's own start, unless the person followed a
      // link before it showed.
      if (!pathChanged || (!fromLocation && !followedLink)) return;
      stopWaiting();
      requestAnimationFrame(() => {
        const main = document.getElementById('main-content');
        if (main) stopWaiting = focusHeadingWhenShown(main);
      });
    });
    return () => {
      unsubscribe();
      stopWaiting();
    };
  }, [router]);
}
