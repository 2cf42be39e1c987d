import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionErrorCode } from '@machines/session/session.types';
import { selectGuestSignInError, selectIsAuthenticating } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef, useState, type SyntheticEvent } from 'react';
import { TextField } from '@/components/text-field';
import { useMachines } from '@/lib/machines';
import { useLanguage } from '@/lib/use-language';
import { useSessionEvents } from '@/lib/use-session-events';
import { useSignInClient } from '@/lib/use-sign-in-client';
import { validateGuestLogin, type GuestLoginFieldErrors } from './guest-login-validation';
import { Screen } from '@/components/screen';
import { UnknownClientNotice } from '@/components/unknown-client-notice';
import { useFocusOnRefusal } from '@/lib/use-focus-on-refusal';

/** The longest account or invoice number the server accepts. */
const maxReferenceLength = 32;

/**
 * Guest sign-in with an account number and one of its invoice numbers. The session machine does
 * the signing in; the route's guard moves on once it succeeds.
 */
export function GuestLoginScreen() {
  const { t } = useLingui();
  const { session } = useMachines();
  const { guestLogIn } = useSessionEvents();
  const busy = useSelector(session, selectIsAuthenticating);
  const serverError = useSelector(session, selectGuestSignInError);
  const language = useLanguage();
  const signInClient = useSignInClient();

  const [accountNumber, setAccountNumber] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [fieldErrors, setFieldErrors] = useState<GuestLoginFieldErrors>({});
  const accountInput = useRef<HTMLInputElement>(null);
  const invoiceInput = useRef<HTMLInputElement>(null);

  const messages: Record<SessionErrorCode, string> = {
    // One message whichever number was wrong: it must not help anyone guess account numbers.
    invalidCredentials: t`We could not find an invoice with that account number and invoice number.`,
    invalidRequest: t`The account number or invoice number cannot be used as typed. Please check them.`,
    // Only a user's sign-in gets this answer.
    accountNotActivated: t`Something went wrong on our side. Please try again.`,
    tooManyRequests: t`Too many sign-in attempts. Please wait a few minutes and try again.`,
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
  };
  const fieldMessages = {
    accountNumberRequired: t`Enter your account number.`,
    invoiceNumberRequired: t`Enter your invoice number.`,
  } as const;

  const refused = useFocusOnRefusal(() => (fieldErrors.accountNumber ? accountInput.current : fieldErrors.invoiceNumber ? invoiceInput.current : null));

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors = validateGuestLogin({ accountNumber, invoiceNumber });
    setFieldErrors(errors);
    if (errors.accountNumber || errors.invoiceNumber) {
      refused();
      return;
    }
    guestLogIn({
      accountNumber: accountNumber.trim(),
      invoiceNumber: invoiceNumber.trim(),
      language,
      ...signInClient,
    });
  }

  return (
    <Screen title={<Trans>Pay as a guest</Trans>} narrow>
      <UnknownClientNotice />
      <p>
        <Trans>Enter the account number and the invoice number printed on your invoice to see and pay it without signing in.</Trans>
      </p>
      {/* The answer to the last attempt, unless this attempt was stopped before it was sent. */}
      {serverError && !fieldErrors.accountNumber && !fieldErrors.invoiceNumber ? (
        <p className="form-error" role="alert">
          {messages[serverError]}
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          label={<Trans>Account number</Trans>}
          name="accountNumber"
          inputRef={accountInput}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxReferenceLength}
          value={accountNumber}
          onChange={setAccountNumber}
          error={fieldErrors.accountNumber ? fieldMessages[fieldErrors.accountNumber] : undefined}
        />
        <TextField
          label={<Trans>Invoice number</Trans>}
          name="invoiceNumber"
          inputRef={invoiceInput}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxReferenceLength}
          value={invoiceNumber}
          onChange={setInvoiceNumber}
          error={fieldErrors.invoiceNumber ? fieldMessages[fieldErrors.invoiceNumber] : undefined}
        />
        {/* Never disabled: a disabled button drops the focus to the page; a second press while busy does nothing. */}
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? <Trans>Checking…</Trans> : <Trans>Continue as guest</Trans>}
        </button>
      </form>
      <p className="alternative">
        <Trans>Have an account?</Trans>{' '}
        <Link to="/{-$client}/login">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </Screen>
  );
}
