import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/features/shell/app-shell';
import type { Machines } from '@/lib/machines';

export const Route = createRootRouteWithContext<Machines>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
