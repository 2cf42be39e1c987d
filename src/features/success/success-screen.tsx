import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useAnnouncedSeconds, useSecondsUntil } from '@/lib/countdown';
import { defaultRedirectDelay, type SuccessMessageKey, type SuccessSearch } from './success-search';

const headings: Record<SuccessMessageKey, MessageDescriptor> = {
  registered: msg`Registration complete`,
  accountActivated: msg`Your account is active`,
  passwordReset: msg`Your password has been reset`,
  passwordUpdated: msg`Your password has been changed`,
  emailUpdated: msg`Your email address has been changed`,
  emailConfirmed: msg`Your email address is confirmed`,
  paymentReceived: msg`Payment received`,
};
const genericHeading = msg`Done`;

/**
 * The generic success screen: a message chosen by key and, with a redirect, a countdown of at
 * least 20 seconds to the next page that the visitor can stop or skip (WCAG 2.2.1: a time limit
 * the user can turn off).
 */
export function SuccessScreen({ message, redirect, delay = defaultRedirectDelay }: SuccessSearch) {
  const { t } = useLingui();
  return (
    <section className="screen" aria-labelledby="success-title">
      <h1 id="success-title">{t(message ? headings[message] : genericHeading)}</h1>
      {redirect ? <RedirectCountdown to={redirect} delay={delay} /> : null}
    </section>
  );
}

/**
 * The redirect and its countdown: the redirect is one timer set at the deadline, the countdown
 * only shows the time. The first control stops the redirect, so a keyboard user reaches it at
 * once after skipping to the main content.
 */
function RedirectCountdown({ to, delay }: { to: string; delay: number }) {
  const navigate = useNavigate();
  const [deadline] = useState(() => Date.now() + delay * 1000);
  const [stopped, setStopped] = useState(false);
  const seconds = useSecondsUntil(deadline);
  const announced = useAnnouncedSeconds(seconds, { atStart: false });
  const goOn = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (stopped) return;
    const timer = window.setTimeout(() => void navigate({ href: to, replace: true }), deadline - Date.now());
    return () => window.clearTimeout(timer);
  }, [deadline, navigate, stopped, to]);

  function stop() {
    setStopped(true);
    // The stop button goes away: focus moves on to what is left to do rather than to the page.
    goOn.current?.focus();
  }

  function goNow(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click opens a new tab as usual; a plain one stays in the app.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setStopped(true);
    void navigate({ href: to, replace: true });
  }

  return (
    <>
      {stopped ? null : (
        <p data-testid="redirect-countdown">
          <RedirectIn seconds={seconds} />
        </p>
      )}
      {/* Polite, and only at steps (10 s here): the visible countdown changes every second. */}
      <div role="status">
        {stopped ? (
          <p>
            <Trans>The automatic redirect is stopped. You stay on this page until you go on.</Trans>
          </p>
        ) : announced === null ? null : (
          <p className="visually-hidden">
            <RedirectIn seconds={announced} />
          </p>
        )}
      </div>
      <div className="actions">
        {stopped ? null : (
          <button type="button" className="button" onClick={stop}>
            <Trans>Stay on this page</Trans>
          </button>
        )}
        <a ref={goOn} href={to} className={stopped ? 'button' : 'button button-secondary'} onClick={goNow}>
          <Trans>Go to the next page now</Trans>
        </a>
      </div>
    </>
  );
}

function RedirectIn({ seconds }: { seconds: number }) {
  return (
    <Plural value={seconds} one="You will be taken to the next page in # second." other="You will be taken to the next page in # seconds." />
  );
}
