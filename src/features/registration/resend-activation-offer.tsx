import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '@machines/language/language.selectors';
import { selectResendFailure, selectResendStatus } from '@machines/registration/activation.selectors';
import { resendActivationMachine } from '@machines/registration/resend-activation.machine';
import { useSelector } from '@xstate/react';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { resendEvents } from './registration-events';
import { createResendImplementations } from './registration.implementations';
import { useScreenActor } from './use-screen-actor';

/**
 * Shown where signing in found the account waiting for activation: sends the activation link
 * again to `email` (the server throttles it, and answers the same for any address).
 */
export function ResendActivationOffer({ email }: { email: string }) {
  const { language } = useMachines();
  const actor = useScreenActor(() =>
    createAppActor(resendActivationMachine.provide(createResendImplementations({ language: () => selectLanguage(language.getSnapshot()) }))),
  );
  const status = useSelector(actor, selectResendStatus);
  const failure = useSelector(actor, selectResendFailure);
  const busy = status === 'sending';

  return (
    <div className="notice">
      <p>
        <Trans>Open the link in the email we sent when you registered. It works for 24 hours.</Trans>
      </p>
      {/* Polite: the outcome of the press, read without moving the focus off the button. */}
      <p role="status" className={status === 'failed' ? 'form-error' : undefined}>
        {status === 'sent' ? (
          <Trans>A new link is on its way to {email}. The earlier link no longer works.</Trans>
        ) : status !== 'failed' ? null : failure === 'tooManyRequests' ? (
          <Trans>We have sent several links already. Please wait a few minutes before asking again.</Trans>
        ) : failure === 'network' ? (
          <Trans>We could not reach the server. Please check your connection and try again.</Trans>
        ) : (
          <Trans>Something went wrong on our side. Please try again.</Trans>
        )}
      </p>
      {/* Never disabled: a disabled button drops the focus to the page; a second press while busy does nothing. */}
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy}
        onClick={() => resendEvents(actor).resend(email)}
      >
        {busy ? <Trans>Sending…</Trans> : <Trans>Send the link again</Trans>}
      </button>
    </div>
  );
}
