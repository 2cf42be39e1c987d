import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { selectIsLanguageUnavailable } from '@machines/language/language.selectors';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { i18n as appI18n } from '@/lib/i18n';
import { MachinesProvider, type Machines } from '@/lib/machines';
import { useLanguageEvents } from '@/lib/use-machine-events';
import type { AppRouter } from './router';

interface AppProps {
  router: AppRouter;
  machines: Machines;
  /** The server renders each page with an instance of its own (pages in different languages at once). */
  i18n?: I18n;
}

// Its own chunk: it is needed only on the rare visit where no catalog loads, and stays off the landing page's budget.
const LanguageUnavailable = lazy(() => import('./language-unavailable'));

/** The bilingual notice, whose Try again loads the language anew. */
function LanguageUnavailableNotice() {
  const { retry } = useLanguageEvents();
  return (
    <Suspense>
      <LanguageUnavailable onRetry={retry} />
    </Suspense>
  );
}

/** The providers every screen needs: translations, the running machines and the router. */
export function App({ router, machines, i18n = appI18n }: AppProps) {
  // With no language loaded the routed screens would show message ids (and Lingui's provider shows
  // nothing at all): a bilingual notice shows instead, outside the translations.
  const isUnavailable = useSelector(machines.language, selectIsLanguageUnavailable);
  return (
    <MachinesProvider value={machines}>
      {isUnavailable ? (
        <LanguageUnavailableNotice />
      ) : (
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      )}
    </MachinesProvider>
  );
}
