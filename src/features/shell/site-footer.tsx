import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The first year of the copyright line. */
const copyrightStartYear = 2004;

export function SiteFooter() {
  const { t } = useLingui();
  const currentYear = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <nav aria-label={t`Footer`}>
        <ul className="footer-links">
          <li>
            <Link to="/{-$client}/about">
              <Trans>About</Trans>
            </Link>
          </li>
          <li>
            <Link to="/{-$client}/contact">
              <Trans>Contact</Trans>
            </Link>
          </li>
          <li>
            <Link to="/{-$client}/privacy">
              <Trans>Privacy</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      <p className="copyright">
        © {copyrightStartYear}–{currentYear} <Trans>Patient Billing Portal</Trans>
      </p>
    </footer>
  );
}
