import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectAccount,
  selectBillingDraft,
  selectBillingErrors,
  selectMayRememberAddress,
  selectRememberAddress,
} from '@machines/payment/payment.selectors';
import { billingFields, type BillingErrorCode, type BillingField } from '@machines/payment/payment.types';
import { useSelector } from '@xstate/react';
import { useId, useRef, type InputHTMLAttributes, type ReactNode, type SyntheticEvent } from 'react';
import { Screen } from '@/components/screen';
import { Field, TextField } from '@/components/text-field';
import { useFocusOnRefusal } from '@/lib/use-focus-on-refusal';
import { useLanguage } from '@/lib/use-language';
import { countryOptions } from './countries';
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
  const { updateBilling, copyAccountDetails, rememberAddress, goOn, goBack } = usePaymentEvents();
  const draft = useSelector(actor, selectBillingDraft);
  const errors = useSelector(actor, selectBillingErrors);
  const account = useSelector(actor, selectAccount);
  const mayRemember = useSelector(actor, selectMayRememberAddress);
  const remembering = useSelector(actor, selectRememberAddress);
  const inputs = useRef<Partial<Record<BillingField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const locale = useLanguage();
  const rememberId = useId();

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
          if (field === 'country')
            return (
              <CountryField
                key={field}
                label={spec.label}
                value={draft.country}
                locale={locale}
                onChange={(value) => updateBilling('country', value)}
                error={error ? messages[error] : undefined}
                selectRef={(element) => {
                  inputs.current.country = element;
                }}
              />
            );
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
        {mayRemember ? (
          <div className="field-check">
            <input type="checkbox" id={rememberId} checked={remembering} onChange={(event) => rememberAddress(event.target.checked)} />
            <label htmlFor={rememberId}>
              <Trans>Remember this address for next time</Trans>
            </label>
          </div>
        ) : null}
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

/**
 * The country, chosen from the list in the reader's language (stored as its ISO code). A value
 * from older progress that is not a code stays as it was, as an option of its own.
 */
function CountryField({
  label,
  value,
  locale,
  onChange,
  error,
  selectRef,
}: {
  label: ReactNode;
  value: string;
  locale: string;
  onChange: (value: string) => void;
  error: string | undefined;
  selectRef: (element: HTMLSelectElement | null) => void;
}) {
  const options = countryOptions(locale);
  const known = options.some((option) => option.code === value);
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select
          {...control}
          name="country"
          autoComplete="country"
          value={value}
          ref={selectRef}
          onChange={(event) => onChange(event.target.value)}
        >
          {value === '' ? <option value="" /> : null}
          {!known && value !== '' ? <option value={value}>{value}</option> : null}
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
