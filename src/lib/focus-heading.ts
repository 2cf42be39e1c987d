import { useEffect, useRef } from 'react';

/** Focus on a new screen's heading: after a navigation (loaded with the first), or after the console's sign-in and sign-out. */

/**
 * Puts focus on the new screen's heading once it is on the page, and again on its replacement if
 * the screen swaps it (a wizard showing "Loading" and then its first step), until focus goes
 * elsewhere or the next navigation. Focus is never taken from inside the new screen: a screen
 * that focuses something first (a notice that must be read) keeps it. Returns a stop function.
 */
export function focusHeadingWhenShown(main: HTMLElement): () => void {
  let focused: HTMLElement | null = null;
  const focusHeading = (): void => {
    const heading = main.querySelector<HTMLElement>('h1');
    const active = document.activeElement;
    // Not while the heading has it, nor from inside the new screen: only from the page itself, from
    // the shell or a menu (the link used to get here), or from a heading that went away.
    if (!heading || focused?.isConnected || (active !== main && main.contains(active) && active?.closest('nav') === null)) return;
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
 * When `step` changes (never on the first render), the focus goes to the page's heading, which the
 * new step has just put there: for a screen that becomes another in place, without a navigation.
 */
export function useFocusHeadingOnChange(step: unknown): void {
  const last = useRef(step);
  useEffect(() => {
    if (Object.is(last.current, step)) return;
    last.current = step;
    const heading = document.getElementById('main-content')?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
}

/**
 * The same screen made anew for another search or page of it (a form's Search, a Next page link):
 * when what had the focus went with the old one, the focus goes to the new results (marked
 * `data-search-results`: their table, or the words that none matched), else to the heading, so a
 * keyboard or screen-reader user lands on what was found rather than on the page itself.
 */
export function focusResultsIfLost(main: HTMLElement): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  const target = main.querySelector<HTMLElement>('[data-search-results]') ?? main.querySelector<HTMLElement>('h1');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}
