import { Trans, useLingui } from '@lingui/react/macro';
import { selectAccount, selectBillingDraft, selectBillingErrors } from '@machines/payment/payment.selectors';
import { billingFields, type BillingErrorCode, type BillingField } from '@machines/payment/payment.types';
import { useSelector } from '@xstate/react';
import { useRef, type InputHTMLAttributes, type ReactNode, type SyntheticEvent } from 'react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { useFocusOnRefusal } from '@/lib/use-focus-on-refusal';
import { usePaymentEvents, usePaymentWizard } from './payment-context';
import { WizardProgress } from './wizard-progress';

interface FieldSpec {
  label: ReactNode;
  autoComplete: string;
  maxLength: number;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
}

/** The third step: who pays, the card's billing address, and where the receipt goes. */
export function BillingInformationScreen() {
  const { t } = useLingui();
  const { actor } = usePaymentWizard();
  const { updateBilling, copyAccountDetails, goOn, goBack } = usePaymentEvents();
  const draft = useSelector(actor, selectBillingDraft);
  const errors = useSelector(actor, selectBillingErrors);
  const account = useSelector(actor, selectAccount);
  const inputs = useRef<Partial<Record<BillingField, HTMLInputElement | null>>>({});

  const fields: Record<BillingField, FieldSpec> = {
    payerName: { label: <Trans>Name of the payer</Trans>, autoComplete: 'name', maxLength: 120 },
    addressLine1: { label: <Trans>Address</Trans>, autoComplete: 'address-line1', maxLength: 120 },
    addressLine2: { label: <Trans>Address line 2 (optional)</Trans>, autoComplete: 'address-line2', maxLength: 120 },
    city: { label: <Trans>City</Trans>, autoComplete: 'address-level2', maxLength: 80 },
    region: { label: <Trans>State or province</Trans>, autoComplete: 'address-level1', maxLength: 80 },
    postalCode: { label: <Trans>ZIP or postal code</Trans>, autoComplete: 'postal-code', maxLength: 16 },
    country: { label: <Trans>Country</Trans>, autoComplete: 'country-name', maxLength: 56 },
    email: { label: <Trans>Email for the receipt</Trans>, autoComplete: 'email', maxLength: 254, type: 'email' },
  };
  const messages: Record<BillingErrorCode, string> = {
    required: t`This field is required.`,
    invalidEmail: t`Enter an email address like name@example.com.`,
    tooLong: t`This is too long.`,
  };

  // After a refused "Continue", and only then, the first field to fix takes the focus: typing
  // that makes a field valid never moves it (WCAG 3.2.2).
  const refused = useFocusOnRefusal(() => {
    const firstError = billingFields.find((field) => errors[field] !== undefined);
    return firstError ? inputs.current[firstError] : null;
  });
  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    goOn();
    // An accepted Continue leaves the step, and there is no field to fix.
    refused();
  }

  return (
    <Screen title={<Trans>Billing information</Trans>} narrow>
      <WizardProgress step="information" />
      <p>
        <Trans>The name and address the card is billed to, and where we send the receipt.</Trans>
      </p>
      {account ? (
        <button type="button" className="button button-secondary" onClick={copyAccountDetails}>
          <Trans>Same as my account</Trans>
        </button>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={submit}>
        {billingFields.map((field) => {
          const spec = fields[field];
          const error = errors[field];
          return (
            <TextField
              key={field}
              name={field}
              label={spec.label}
              type={spec.type}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              value={draft[field]}
              onChange={(value) => updateBilling(field, value)}
              error={error ? messages[error] : undefined}
              inputRef={(element) => {
                inputs.current[field] = element;
              }}
            />
          );
        })}
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={goBack}>
            <Trans>Back</Trans>
          </button>
          <button type="submit" className="button">
            <Trans>Continue to card details</Trans>
          </button>
        </div>
      </form>
    </Screen>
  );
}
