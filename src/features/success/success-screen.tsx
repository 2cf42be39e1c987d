import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
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
 * The generic success screen: a message chosen by key and, with a redirect, a countdown to the
 * next page that the visitor can skip or stop (WCAG 2.2.1: a time limit the user can turn off).
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

function RedirectCountdown({ to, delay }: { to: string; delay: number }) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(delay);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    if (remaining <= 0) {
      void navigate({ href: to, replace: true });
      return;
    }
    const timer = window.setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [navigate, remaining, stopped, to]);

  const seconds = Math.max(remaining, 0);

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
        <p>
          <Plural
            value={seconds}
            one="You will be taken to the next page in # second."
            other="You will be taken to the next page in # seconds."
          />
        </p>
      )}
      <div className="actions">
        <a href={to} className="button" onClick={goNow}>
          <Trans>Go to the next page now</Trans>
        </a>
        {stopped ? null : (
          <button type="button" className="button button-secondary" onClick={() => setStopped(true)}>
            <Trans>Stay on this page</Trans>
          </button>
        )}
      </div>
    </>
  );
}
