import { selectIsStarting } from '@machines/language/language.selectors';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { startMachines } from '@/app/actors';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { connectMachines } from '@/app/wiring';
import { withClientPrefix } from '@/lib/client-path';
import { toExternalUrl, toInternalPath } from '@/lib/safe-redirect';
import './styles/app.css';

const machines = startMachines({
  navigateAfterLogout(url, destination) {
    const here = router.state.location.pathname;
    if (destination === 'login') {
      void router.navigate({ href: withClientPrefix('/login', here), replace: true });
      return;
    }
    const external = machines.client.getSnapshot().context.client ? toExternalUrl(url) : null;
    if (external) {
      window.location.assign(external);
      return;
    }
    void router.navigate({ href: toInternalPath(url) ?? withClientPrefix('/', here), replace: true });
  },
  navigateToTimeout() {
    void router.navigate({ href: withClientPrefix('/error/timeout', router.state.location.pathname) });
  },
});
const router = createAppRouter(machines);
connectMachines(machines, router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first screen shows in the visitor's language, never as raw message ids.
void waitFor(machines.language, (snapshot) => !selectIsStarting(snapshot), { timeout: 30000 })
  .catch((error: unknown) => console.error('The language could not be loaded', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} machines={machines} />
      </StrictMode>,
    );
  });
