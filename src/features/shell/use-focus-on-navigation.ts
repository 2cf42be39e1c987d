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
 * After each navigation, focus moves to the new screen's heading, so a keyboard or screen-reader
 * user starts reading the new page rather than where they clicked; after another search or page of
 * the same screen, to its results when the focus went with the old ones.
 */
export function useFocusOnNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    let stopWaiting = (): void => undefined;
    // Counts navigations, so a heading search loaded for one that another has since replaced never starts.
    let latest = 0;
    const unsubscribe = router.subscribe('onResolved', ({ fromLocation, pathChanged, hrefChanged }) => {
      // The first screen of a visit keeps the browser's own start, unless the person followed a
      // link before it showed.
      if (!fromLocation && !followedLink) return;
      if (!pathChanged) {
        // Another search or page of the same screen: the results, if the focus went with the old ones.
        if (hrefChanged) {
          requestAnimationFrame(() => {
            void import('@/lib/focus-heading').then(({ focusResultsIfLost }) => {
              const main = document.getElementById('main-content');
              if (main) focusResultsIfLost(main);
            });
          });
        }
        return;
      }
      stopWaiting();
      const navigation = ++latest;
      requestAnimationFrame(() => {
        void import('@/lib/focus-heading').then(({ focusHeadingWhenShown }) => {
          const main = document.getElementById('main-content');
          if (main && navigation === latest) stopWaiting = focusHeadingWhenShown(main);
        });
      });
    });
    return () => {
      latest += 1;
      unsubscribe();
      stopWaiting();
    };
  }, [router]);
}
