import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/features/shell/app-shell';
import { ensureScreenMessages } from '@/lib/i18n';
import type { Machines } from '@/lib/machines';
import { preloadable } from '@/lib/preloadable';

// Loaded once someone is signed in: it says why a page asked for under another client's address
// opened under the session's (and offers the switch there).
const ClientMovedNotice = preloadable(
  () => Promise.all([import('@/features/switch-clients/client-moved-notice'), ensureScreenMessages()]).then(([module]) => module.ClientMovedNotice),
  'signedIn',
);

export const Route = createRootRouteWithContext<Machines>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <AppShell signedInNotices={<ClientMovedNotice />}>
      <Outlet />
    </AppShell>
  );
}
