import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { i18n as appI18n } from '@/lib/i18n';
import { MachinesProvider, type Machines } from '@/lib/machines';
import type { AppRouter } from './router';

interface AppProps {
  router: AppRouter;
  machines: Machines;
  /** The server renders each page with an instance of its own (pages in different languages at once). */
  i18n?: I18n;
}

/** The providers every screen needs: translations, the running machines and the router. */
export function App({ router, machines, i18n = appI18n }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <MachinesProvider value={machines}>
        <RouterProvider router={router} />
      </MachinesProvider>
    </I18nProvider>
  );
}
