import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectCardProblem,
  selectIsBusy,
  selectPaymentStatus,
  selectPaymentTotalCents,
} from '@machines/payment/payment.selectors';
import type { CardProblem } from '@machines/payment/payment.types';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { Screen } from '@/components/screen';
import { processorMessageSchema } from '@contracts/processor';
import { processorCardFieldsUrl, processorOrigin } from '@/lib/config';
import { Money } from './money';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { WizardProgress } from './wizard-progress';

/**
 * The card step. The card fields are the processor's own page in a frame (PCI DSS SAQ A): the
 * portal only ever receives a token, the brand and the last four digits, by a message whose
 * origin and sender are checked.
 */
export function CardPaymentScreen() {
  const { t, i18n } = useLingui();
  const { actor, cardFrame } = usePaymentWizard();
  const { pay, goBack, retry, cardTokenized, cardInvalid, cardFailed } = usePaymentEvents();
  const total = useSelector(actor, selectPaymentTotalCents);
  const busy = useSelector(actor, selectIsBusy);
  const status = useSelector(actor, selectPaymentStatus);
  const problem = useSelector(actor, selectCardProblem);
  const fieldsUrl = processorCardFieldsUrl(i18n.locale);
  const frameElement = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    cardFrame.attach(frameElement.current);
    return () => cardFrame.attach(null);
  }, [cardFrame, fieldsUrl]);
  // A new language loads a new card page, which says again when it is ready.
  const [readyUrl, setReadyUrl] = useState<string | null>(null);
  const ready = readyUrl === fieldsUrl;

  useEffect(() => {
    function receive(event: MessageEvent) {
      if (event.origin !== processorOrigin() || event.source !== cardFrame.frame()?.contentWindow) return;
      const parsed = v.safeParse(processorMessageSchema, event.data);
      if (!parsed.success) return;
      const message = parsed.output;
      switch (message.type) {
        case 'processor.ready':
          setReadyUrl(fieldsUrl);
          break;
        case 'processor.token':
          if (message.token && message.brand && message.last4) {
            cardTokenized({ token: message.token, brand: message.brand, last4: message.last4 });
          } else cardFailed();
          break;
        case 'processor.invalid':
          cardInvalid();
          break;
        case 'processor.error':
          cardFailed();
          break;
      }
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [cardFrame, fieldsUrl, cardTokenized, cardInvalid, cardFailed]);

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
          <button type="button" className="button button-secondary" onClick={goBack} disabled={busy}>
            <Trans>Back</Trans>
          </button>
          <button type="button" className="button" onClick={pay} disabled={busy || !ready} aria-busy={busy}>
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
