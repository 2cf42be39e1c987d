import { Trans } from '@lingui/react/macro';

/** The first year of the copyright line. */
const copyrightStartYear = 2004;

export function SiteFooter() {
  const currentYear = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p>
        © {copyrightStartYear}–{currentYear} <Trans>Patient Billing Portal</Trans>
      </p>
    </footer>
  );
}
