import { Trans, useLingui } from '@lingui/react/macro';
import { selectShowsCookieNotice } from '@machines/cookie-consent/cookie-consent.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMachines } from '@/lib/machines';
import { useCookieConsentEvents } from '@/lib/use-machine-events';

/**
 * The cookie notice, in the page's flow at the top rather than over it: it can never hide the
 * element that has focus (WCAG 2.2, 2.4.11).
 */
export function CookieNotice() {
  const { t } = useLingui();
  const { cookieConsent } = useMachines();
  const shown = useSelector(cookieConsent, selectShowsCookieNotice);
  const { accept } = useCookieConsentEvents();
  if (!shown) return null;
  return (
    <section className="cookie-notice" aria-label={t`Cookie notice`}>
      <p>
        <Trans>
          This portal uses cookies only to keep you signed in, protect your session and remember your language.{' '}
          <Link to="/{-$client}/privacy">Read our privacy notice</Link>.
        </Trans>
      </p>
      <button type="button" className="button" onClick={accept}>
        <Trans>Accept</Trans>
      </button>
    </section>
  );
}
