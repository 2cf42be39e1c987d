import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ClientBrand } from './client-brand';
import { LanguageSelector } from './language-selector';
import { SignOutButton } from './sign-out-button';

/** The header: the client's logo (or the product title), the language and signing out. */
export function SiteHeader() {
  const { t } = useLingui();
  return (
    <header className="site-header">
      <Link to="/{-$client}" className="brand-link">
        <ClientBrand />
      </Link>
      <nav className="header-tools" aria-label={t`Site tools`}>
        <LanguageSelector />
        <SignOutButton />
      </nav>
    </header>
  );
}
