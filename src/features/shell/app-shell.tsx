import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame around every screen: skip link, header, the screen itself and the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        <Trans>Skip to main content</Trans>
      </a>
      <SiteHeader />
      <main id="main-content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
