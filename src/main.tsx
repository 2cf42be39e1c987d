import { selectIsStarting, selectLanguage } from '@machines/language/language.selectors';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { startMachines } from '@/app/actors';
import { App } from '@/app/app';
import { browserHost } from '@/app/browser-host';
import { awaitsAppAttribute, readFirstScreen, type StorageWrites } from '@/app/first-screen';
import { createAppNavigation } from '@/lib/navigation';
import { createAppRouter } from '@/app/router';
import { activateLanguage, storedLanguage } from '@/lib/i18n';
import { preloadServerRendered } from '@/lib/preloadable';
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

/**
 * Lifts the server page's waits (its inert controls) once React has hydrated it and handles what
 * the visitor does, and then tells the app it has the page (`onTakenOver`): nothing may change the
 * screen's text before that, or React's hydration would find text other than the server's.
 */
function Interactive({ children, onTakenOver }: { children: ReactNode; onTakenOver: () => void }) {
  useEffect(() => {
    if (!container) return;
    for (const control of container.querySelectorAll(`[${awaitsAppAttribute}]`)) {
      control.removeAttribute('inert');
      control.removeAttribute(awaitsAppAttribute);
    }
    container.removeAttribute(awaitsAppAttribute);
    onTakenOver();
  }, [onTakenOver]);
  return children;
}

/**
 * The next task: on a server-rendered page, the start-up's steps each run in a task of their own,
 * so none holds a phone's main thread long (the screen is painted already, nothing waits on them).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Reports that the language could not be loaded; false, for "not spoken". */
const languageFailed = (error: unknown): false => {
  console.error('The language could not be loaded', error);
  return false;
};

async function start(root: HTMLElement): Promise<void> {
  // The modules' own set-up (the machines' definitions) ran in the task that loaded this one.
  if (firstScreen) await nextTask();
  const navigation = createAppNavigation();
  const machines = startMachines(navigation, browserHost(), firstScreen?.snapshots);
  if (firstScreen) await nextTask();
  const router = createAppRouter(machines);
  navigation.attach(router);

  const app = (
    <StrictMode>
      <App router={router} machines={machines} />
    </StrictMode>
  );

  if (!firstScreen) {
    // The first screen shows in the visitor's language, never as raw message ids.
    await waitFor(machines.language, (snapshot) => !selectIsStarting(snapshot), { timeout: 30000 }).catch(languageFailed);
    createRoot(root).render(app);
    return;
  }
  // The same screen as the server's: its messages and its route's code (both preloaded by the
  // page) are in place before React takes the page over, so nothing changes on the screen.
  const language = selectLanguage(machines.language.getSnapshot());
  if (!(await activateLanguage(language).then(() => true, languageFailed))) {
    // The page cannot be taken over without its text (its forms would stay the server's, with
    // no code behind them): it gives way to the bilingual notice, whose Try again loads it anew.
    (await import('@/app/language-unavailable')).replacePage(root);
    return;
  }
  await router.load().catch((error: unknown) => console.error('The screen could not be loaded', error));
  // What the server rendered beside the screen (the footer, a signed-in user's menu) hydrates with it.
  await preloadServerRendered({ signedIn: selectIsSignedIn(machines.session.getSnapshot()) }).catch((error: unknown) =>
    console.error('A part of the page could not be loaded', error),
  );
  // React starts in a task of its own, so the router's loading and its first slice do not add
  // up to one long task.
  await nextTask();
  // Tells the router the page was rendered on the server: it renders the same tree (no
  // Suspense boundary of its own around the root) and does not load the route again.
  router.ssr = { manifest: undefined };
  // As a transition, React hydrates in slices that let the browser breathe between them (the
  // screen is already painted, its controls inert until then), not in one long task that holds a
  // phone's main thread.
  // Once hydrated: timers do not travel in a snapshot, and a language chosen on this device before
  // its cookie existed still wins; the root says what resuming means.
  const resumed = () => machines.app.send({ type: 'app.resumed', storedLanguage: storedLanguage() });
  startTransition(() => {
    hydrateRoot(root, <Interactive onTakenOver={resumed}>{app}</Interactive>);
  });
}

void start(container);
