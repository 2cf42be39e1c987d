import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/route-tree.gen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { RouteErrorScreen } from '@/features/shell/route-error-screen';
import type { Machines } from '@/lib/machines';

/** Creates the app's one router over the running machines. */
export function createAppRouter(context: Machines) {
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
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
