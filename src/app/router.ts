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
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
