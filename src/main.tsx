import { selectIsStarting, selectLanguage } from '@machines/language/language.selectors';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { startMachines } from '@/app/actors';
import { App } from '@/app/app';
import { browserHost } from '@/app/browser-host';
import { awaitsAppAttribute, readFirstScreen, type StorageWrites } from '@/app/first-screen';
import { createAppNavigation } from '@/app/navigation';
import { createAppRouter } from '@/app/router';
import { connectMachines } from '@/app/wiring';
import { activateLanguage, storedLanguage } from '@/lib/i18n';
import { keepRenderedLoaderData } from '@/lib/rendered-loader-data';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A page the server rendered carries the machines' snapshots: they resume where the server left them.
const firstScreen = readFirstScreen(document);
const replay = (writes: StorageWrites, storage: Storage) => {
  for (const [key, value] of Object.entries(writes)) {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      // Storage may be unavailable (private mode): the machines work without it.
    }
  }
};
if (firstScreen) {
  replay(firstScreen.storage.local, localStorage);
  replay(firstScreen.storage.session, sessionStorage);
  keepRenderedLoaderData(firstScreen.loaderData);
}

const navigation = createAppNavigation();
const machines = startMachines(navigation, browserHost(), firstScreen?.snapshots);
const router = createAppRouter(machines);
navigation.attach(router);
connectMachines(machines, router);

const app = (
  <StrictMode>
    <App router={router} machines={machines} />
  </StrictMode>
);

/** Lifts the server page's waits (its inert controls) once React has hydrated it and handles what the visitor does. */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (!container) return;
    for (const control of container.querySelectorAll(`[${awaitsAppAttribute}]`)) {
      control.removeAttribute('inert');
      control.removeAttribute(awaitsAppAttribute);
    }
    container.removeAttribute(awaitsAppAttribute);
  }, []);
  return children;
}

if (firstScreen) {
  // The same screen as the server's: its messages and its route's code (both preloaded by the
  // page) are in place before React takes the page over, so nothing changes on the screen.
  const language = selectLanguage(machines.language.getSnapshot());
  void activateLanguage(language)
    .catch((error: unknown) => console.error('The language could not be loaded', error))
    .then(() => router.load())
    // React starts in a task of its own, so the router's loading and its first slice do not add
    // up to one long task.
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .finally(() => {
      // Tells the router the page was rendered on the server: it renders the same tree (no
      // Suspense boundary of its own around the root) and does not load the route again.
      router.ssr = { manifest: undefined };
      // As a transition, React hydrates in slices that let the browser breathe between them (the
      // screen is already painted, its controls inert until then), not in one long task that holds a
      // phone's main thread.
      startTransition(() => {
        hydrateRoot(container, <Interactive>{app}</Interactive>);
      });
      // Timers do not travel in a snapshot: the session's polling starts again here.
      machines.session.send({ type: 'session.resume' });
      // A language chosen on this device before its cookie existed still wins, as it always did.
      const stored = storedLanguage();
      if (stored && stored !== language) machines.language.send({ type: 'language.change', language: stored });
    });
} else {
  // The first screen shows in the visitor's language, never as raw message ids.
  void waitFor(machines.language, (snapshot) => !selectIsStarting(snapshot), { timeout: 30000 })
    .catch((error: unknown) => console.error('The language could not be loaded', error))
    .finally(() => createRoot(container).render(app));
}
