import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After each navigation (not the first load), focus moves to the new screen's heading, so a
 * keyboard or screen-reader user starts reading the new page rather than where they clicked.
 */
export function useFocusOnNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    let first = true;
    return router.subscribe('onResolved', ({ pathChanged }) => {
      if (first) {
        first = false;
        return;
      }
      if (!pathChanged) return;
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('#main-content h1');
        if (!heading) return;
        heading.tabIndex = -1;
        heading.focus();
      });
    });
  }, [router]);
}
