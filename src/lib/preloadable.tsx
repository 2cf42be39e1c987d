import { lazy, type ComponentType } from 'react';

/** Who sees a preloadable component on a server-rendered page: everyone, or a signed-in user only. */
type ShownTo = 'everyone' | 'signedIn';

const preloads: { shownTo: ShownTo; preload: () => Promise<void> }[] = [];

/**
 * A component loaded apart from the first page's code, like `React.lazy`, whose module a
 * server-rendered page loads before React takes it over (`preloadServerRendered`). Once loaded it
 * renders at once, inside its `Suspense` as before, so it hydrates with the rest of the page. Left
 * lazy, it would hydrate a moment later, and a change made in that moment (a language chosen as
 * the page is taken over) would meet the server's text and fail to hydrate.
 */
export function preloadable(load: () => Promise<ComponentType>, shownTo: ShownTo): ComponentType {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Preloadable() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  preloads.push({
    shownTo,
    preload: () =>
      load().then((component) => {
        loaded = component;
      }),
  });
  return Preloadable;
}

/** Loads the modules of what the server may have rendered on the page (their files are preloaded by it). */
export async function preloadServerRendered({ signedIn }: { signedIn: boolean }): Promise<void> {
  await Promise.all(preloads.filter(({ shownTo }) => shownTo === 'everyone' || signedIn).map(({ preload }) => preload()));
}
