import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/route-tree.gen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { RouteErrorScreen } from '@/features/shell/route-error-screen';
import type { Machines } from '@/lib/machines';

/** Creates the app's one router over the running machines (`onServer` when rendering a first screen). */
export function createAppRouter(context: Machines, { onServer = false }: { onServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundScreen,
    defaultErrorComponent: RouteErrorScreen,
    // The shell renders at once, whatever a page still waits for (the session check on a slow
    // API, a screen's messages): its place stays empty meanwhile and the loading overlay speaks.
    defaultPendingComponent: () => null,
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    // On the server it would add an inline script, which the strict CSP refuses; the browser's
    // router restores scrolling itself.
    scrollRestoration: !onServer,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
