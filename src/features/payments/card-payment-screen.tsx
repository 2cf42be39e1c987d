import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectAreCardFieldsReady,
  selectCardProblem,
  selectIsBusy,
  selectPaymentStatus,
  selectPaymentTotalCents,
} from '@machines/payment/payment.selectors';
import type { CardProblem } from '@machines/payment/payment.types';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Screen } from '@/components/screen';
import { processorCardFieldsUrl } from './processor-origin';
import { useLanguage } from '@/lib/use-language';
import { Money } from './money';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { WizardProgress } from './wizard-progress';

/**
 * The card step. The card fields are the processor's own page in a frame (PCI DSS SAQ A): the
 * portal only ever receives a token, the brand and the last four digits. The payment machine's
 * card-fields actor talks to the frame; this view only shows it.
 */
export function CardPaymentScreen() {
  const { t } = useLingui();
  const { actor, cardFrame } = usePaymentWizard();
  const { pay, goBack, retry } = usePaymentEvents();
  const total = useSelector(actor, selectPaymentTotalCents);
  const busy = useSelector(actor, selectIsBusy);
  const status = useSelector(actor, selectPaymentStatus);
  const problem = useSelector(actor, selectCardProblem);
  const ready = useSelector(actor, selectAreCardFieldsReady);
  // A new language loads a new card page (the frame is replaced), which says again when it is ready.
  const fieldsUrl = processorCardFieldsUrl(useLanguage());
  const frameElement = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    cardFrame.attach(frameElement.current);
    return () => cardFrame.attach(null);
  }, [cardFrame, fieldsUrl]);

  const problems: Record<CardProblem, string> = {
    cardDeclined: t`Your card was declined. Nothing was charged. Please try another card.`,
    insufficientFunds: t`Your card was declined for insufficient funds. Nothing was charged. Please try another card.`,
    processorUnavailable: t`The card form could not be reached. Please try again in a moment.`,
  };
  const failed = status === 'submitFailed';
  const submitting = status === 'submitting';

  return (
    <Screen title={<Trans>Card payment</Trans>} narrow>
      <WizardProgress step="card" />
      <p className="payment-total">
        <Trans>Amount to pay:</Trans> <Money cents={total} />
      </p>
      {problem && !failed ? (
        <div className="notice notice-error" role="alert">
          {problems[problem]}
        </div>
      ) : null}
      {failed ? (
        <div className="notice notice-error" role="alert">
          <p>
            <Trans>
              We could not confirm your payment because of a problem on our side or with the connection. Trying again is
              safe: you will not be charged twice.
            </Trans>
          </p>
          <button type="button" className="button" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      <iframe
        ref={frameElement}
        key={fieldsUrl}
        className="card-fields"
        title={t`Card number, expiry date and security code`}
        src={fieldsUrl}
      />
      <p className="card-note">
        <Trans>Your card details go straight to our secure payment processor; this portal never sees or stores them.</Trans>
      </p>
      {!failed ? (
        <div className="actions">
          {/* Never disabled: a disabled button drops the focus to the page (while paying, after a decline). */}
          <button type="button" className="button button-secondary" onClick={busy ? undefined : goBack} aria-disabled={busy}>
            <Trans>Back</Trans>
          </button>
          <button
            type="button"
            className="button"
            onClick={busy || !ready ? undefined : pay}
            aria-disabled={busy || !ready}
            aria-busy={busy}
          >
            {submitting || busy ? (
              <Trans>Paying…</Trans>
            ) : (
              <Trans>
                Pay <Money cents={total} />
              </Trans>
            )}
          </button>
        </div>
      ) : null}
    </Screen>
  );
}
