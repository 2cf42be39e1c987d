import { Trans, useLingui } from '@lingui/react/macro';
import { selectIsUnknownClient } from '@machines/client/client.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { Breadcrumbs } from './breadcrumbs';
import { ClientBrand } from './client-brand';
import { LanguageSelector } from './language-selector';

interface SiteHeaderProps {
  /** Null until the page runs: the stylesheet then shows the label that fits the screen's width. */
  sidebarOpen: boolean | null;
  /** None: a page without the patients' menu (the billing office's console), so no button for it. */
  onToggleSidebar?: () => void;
}

/** The header: the client's logo (or the product title), the breadcrumbs and the language. */
export function SiteHeader({ sidebarOpen, onToggleSidebar }: SiteHeaderProps) {
  const { t } = useLingui();
  const { client } = useMachines();
  // Home under an unknown code would be the same dead end: the portal's own home, without the code.
  const unknownClient = useSelector(client, selectIsUnknownClient);
  return (
    <header className="site-header">
      <div className="header-row">
        {onToggleSidebar ? (
          <button
            type="button"
            className="button button-secondary sidebar-toggle"
            aria-expanded={sidebarOpen ?? undefined}
            aria-controls="sidebar"
            onClick={onToggleSidebar}
          >
            {sidebarOpen === null ? (
              <>
                <span className="on-wide-screen">
                  <Trans>Hide menu</Trans>
                </span>
                <span className="on-narrow-screen">
                  <Trans>Show menu</Trans>
                </span>
              </>
            ) : sidebarOpen ? (
              <Trans>Hide menu</Trans>
            ) : (
              <Trans>Show menu</Trans>
            )}
          </button>
        ) : null}
        <Link to="/{-$client}" params={unknownClient ? { client: undefined } : true} className="brand-link">
          <ClientBrand />
        </Link>
        <div className="header-tools" role="group" aria-label={t`Site tools`}>
          <LanguageSelector />
        </div>
      </div>
      <Breadcrumbs />
    </header>
  );
}
