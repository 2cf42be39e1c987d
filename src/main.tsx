import { selectIsSignedIn } from '@machines/session/session.selectors';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startClient, startSession } from '@/app/actors';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { activateLanguage, storedLanguage } from '@/lib/i18n';
import { toExternalUrl, toInternalPath } from '@/lib/safe-redirect';
import './styles/app.css';

const client = startClient();
const session = startSession({
  navigateAfterLogout(url) {
    const external = client.getSnapshot().context.client ? toExternalUrl(url) : null;
    if (external) {
      window.location.assign(external);
      return;
    }
    const internal = toInternalPath(url);
    if (internal) void router.navigate({ href: internal });
    else void router.navigate({ to: '/{-$client}', params: (prev) => ({ client: prev.client }) });
  },
});
const router = createAppRouter({ session, client });

// Guards read the session: when who is signed in changes, they run again.
let wasSignedIn = selectIsSignedIn(session.getSnapshot());
session.subscribe((snapshot) => {
  const signedIn = selectIsSignedIn(snapshot);
  if (signedIn !== wasSignedIn) {
    wasSignedIn = signedIn;
    void router.invalidate();
  }
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void activateLanguage(storedLanguage()).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} session={session} client={client} />
    </StrictMode>,
  );
});
