import { Trans } from '@lingui/react/macro';
import { selectIsCheckFailed, selectIsEnding, selectIsSignedIn } from '@machines/session/session.selectors';
import { useMatches } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ensureScreenMessages } from '@/lib/i18n';
import { useMachines } from '@/lib/machines';
import { preloadable } from '@/lib/preloadable';
import { CookieNotice } from './cookie-notice';
import { LoadingOverlay } from './loading-overlay';
import { Sidebar } from './sidebar';
import { SiteHeader } from './site-header';
import { useDocumentTitle } from './use-document-title';
import { useFocusOnNavigation } from './use-focus-on-navigation';

// Needed only when a session is about to end: loaded then, not with the first page.
// Their messages are in the language's catalog; a change of language in flight is awaited first.
const SessionDialogs = lazy(() =>
  Promise.all([import('./session-dialogs'), ensureScreenMessages()]).then(([module]) => ({ default: module.SessionDialogs })),
);
// Below the screen's content: it may arrive just after it; a server-rendered page loads it before it is taken over.
const SiteFooter = preloadable(() => import('./site-footer').then((module) => module.SiteFooter), 'everyone');
// Needed only when the session check at start-up failed.
const SessionCheckFailed = lazy(() => import('./session-check-failed').then((module) => ({ default: module.SessionCheckFailed })));

const narrowScreen = '(max-width: 40rem)';
const noSubscription = () => () => undefined;

/**
 * The frame around every screen: skip link, cookie notice, header, menu, screen, footer. Notices
 * for a signed-in user (composed by the root route) show above the screen.
 */
export function AppShell({ children, signedInNotices }: { children: ReactNode; signedInNotices?: ReactNode }) {
  // On a narrow screen the menu would fill the first screen: it starts folded behind its button.
  // The server cannot know the width: its page (null) leaves the folding to the stylesheet, and
  // the browser settles it right after hydrating, with nothing moving on the screen.
  const narrow = useSyncExternalStore(noSubscription, () => window.matchMedia(narrowScreen).matches, () => null);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const sidebarOpen = toggled ?? (narrow === null ? null : !narrow);
  // On a narrow screen a page chosen from the menu shows at once: the menu folds again.
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname });
  // The billing office's console has a menu of its own: the patients' menu and its button stay out of it.
  const inConsole = useMatches({ select: (matches) => matches.some((match) => match.routeId.startsWith('/{-$client}/office')) });
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (narrow) setToggled(null);
  }
  const { session } = useMachines();
  const sessionEnding = useSelector(session, selectIsEnding);
  const checkFailed = useSelector(session, selectIsCheckFailed);
  const signedIn = useSelector(session, selectIsSignedIn);
  useFocusOnNavigation();
  useDocumentTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        <Trans>Skip to main content</Trans>
      </a>
      <CookieNotice />
      <SiteHeader sidebarOpen={sidebarOpen} onToggleSidebar={inConsole ? undefined : () => setToggled(sidebarOpen === false)} />
      <div className={sidebarOpen === false || inConsole ? 'app-body sidebar-hidden' : 'app-body'}>
        {inConsole ? null : <Sidebar open={sidebarOpen} />}
        <main id="main-content" className="app-main" tabIndex={-1}>
          {checkFailed ? (
            <Suspense fallback={null}>
              <SessionCheckFailed />
            </Suspense>
          ) : null}
          {signedIn ? <Suspense fallback={null}>{signedInNotices}</Suspense> : null}
          {children}
        </main>
      </div>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <LoadingOverlay />
      {sessionEnding ? (
        <Suspense fallback={null}>
          <SessionDialogs />
        </Suspense>
      ) : null}
    </div>
  );
}
