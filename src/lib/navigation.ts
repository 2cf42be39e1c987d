/**
 * Where machines' navigation effects go. The router is created after the machines (its context
 * holds them), so the factories get this object, and the router is attached once it exists: the
 * patients' machines' (src/app) and the console's root's alike.
 */
import type { AnyRouter } from '@tanstack/react-router';

export interface AppNavigation {
  /** Goes to a path of the portal (already checked to be internal). */
  goTo(href: string, options?: { replace?: boolean }): void;
  /** Leaves the portal for an address already checked to be http(s). */
  leaveTo(url: string): void;
  /** The current path, for keeping its client prefix. */
  currentPath(): string;
  /** Has the route guards decide again whether the current page may show (after a sign-in or sign-out). */
  recheckGuards(): void;
}

/** The app's navigation over a router that is attached later; calls before that are dropped. */
export function createAppNavigation(location: Pick<Location, 'assign' | 'pathname'> = window.location) {
  let router: AnyRouter | null = null;
  const navigation: AppNavigation & { attach(router: AnyRouter): void } = {
    attach(created) {
      router = created;
    },
    goTo(href, { replace = false } = {}) {
      void router?.navigate({ href, replace });
    },
    leaveTo(url) {
      location.assign(url);
    },
    currentPath() {
      return router?.state.location.pathname ?? location.pathname;
    },
    recheckGuards() {
      void router?.invalidate();
    },
  };
  return navigation;
}
