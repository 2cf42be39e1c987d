import { Trans, useLingui } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { selectLanguage } from '@machines/language/language.selectors';
import { registrationMachine } from '@machines/registration/registration.machine';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectRegistrationStatus,
  selectSentTo,
  selectShownErrors,
} from '@machines/registration/registration.selectors';
import {
  registrationFields,
  type RegistrationFailureCode,
  type RegistrationField,
  type RegistrationFieldError,
} from '@machines/registration/registration.types';
import { PASSWORD_MAX_LENGTH } from '@contracts/passwords';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, REFERENCE_MAX_LENGTH } from '@contracts/registration-limits';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { useFormFields } from '@/lib/use-form-fields';
import { registrationErrors } from './registration-rules';
import { createRegistrationImplementations } from './registration.implementations';
import { useScreenActor } from './use-screen-actor';
import { UnknownClientNotice } from '@/components/unknown-client-notice';
import { useStepTitle } from '@/lib/use-step-title';

type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

interface FieldSpec {
  label: ReactNode;
  autoComplete: string;
  maxLength: number;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  hint?: ReactNode;
  /** Account and invoice numbers and client codes: letters as printed, no spelling help. */
  reference?: boolean;
}

/** The errors the form shows: the server's, and the rules' for fields already checked. */
const selectErrorsToShow = (snapshot: RegistrationSnapshot) => selectShownErrors(snapshot, registrationErrors(snapshot.context.draft));

/**
 * Registering for a billing account: the form, then "an email is on its way". The client code
 * comes prefilled from the page's address.
 */
export function RegistrationScreen({ clientCode }: { clientCode: string }) {
  const { language } = useMachines();
  const actor = useScreenActor(() =>
    createAppActor(
      registrationMachine.provide(createRegistrationImplementations({ language: () => selectLanguage(language.getSnapshot()) })),
      { input: { clientCode } },
    ),
  );
  const status = useSelector(actor, selectRegistrationStatus);
  return status === 'sent' ? <RegistrationSent actor={actor} /> : <RegistrationForm actor={actor} />;
}

function RegistrationForm({ actor }: { actor: RegistrationActor }) {
  const { t } = useLingui();
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectErrorsToShow);
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  // A code the page's address carries, of a provider the portal knows, is not asked again: a
  // patient does not know what a client code is.
  const known = useSelector(useMachines().client, selectClient);
  const clientFromAddress = known !== null && known.code.toUpperCase() === draft.clientCode.trim().toUpperCase() && !errors.clientCode;
  const providerName = known?.name;
  const shownFields = clientFromAddress ? registrationFields.filter((field) => field !== 'clientCode') : registrationFields;

  const fields: Record<RegistrationField, FieldSpec> = {
    firstName: { label: <Trans>First name</Trans>, autoComplete: 'given-name', maxLength: NAME_MAX_LENGTH },
    lastName: { label: <Trans>Last name</Trans>, autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH },
    company: { label: <Trans>Company (optional)</Trans>, autoComplete: 'organization', maxLength: COMPANY_MAX_LENGTH },
    email: { label: <Trans>Email</Trans>, autoComplete: 'username', maxLength: EMAIL_MAX_LENGTH, type: 'email' },
    password: {
      label: <Trans>Password</Trans>,
      autoComplete: 'new-password',
      maxLength: PASSWORD_MAX_LENGTH,
      type: 'password',
      hint: <Trans>At least 12 characters, not your email address and not a common password. A few words you will remember make a good one.</Trans>,
    },
    passwordConfirmation: { label: <Trans>Confirm the password</Trans>, autoComplete: 'new-password', maxLength: PASSWORD_MAX_LENGTH, type: 'password' },
    clientCode: {
      label: <Trans>Client code</Trans>,
      autoComplete: 'off',
      maxLength: 4,
      reference: true,
      hint: <Trans>The 2 to 4 letters of your provider, as in the address of this page.</Trans>,
    },
    rosterAcct: { label: <Trans>Account number</Trans>, autoComplete: 'off', maxLength: REFERENCE_MAX_LENGTH, reference: true },
    invoice: {
      label: <Trans>Invoice number</Trans>,
      autoComplete: 'off',
      maxLength: REFERENCE_MAX_LENGTH,
      reference: true,
      hint: <Trans>The number of any unpaid invoice of this account.</Trans>,
    },
    postalCode: {
      label: <Trans>Postal code on your statement</Trans>,
      autoComplete: 'off',
      maxLength: POSTAL_CODE_MAX_LENGTH,
      reference: true,
      hint: <Trans>The ZIP or postal code of the billing address printed on your statement (not on the invoice).</Trans>,
    },
  };

  const messages: Record<RegistrationFieldError, string> = {
    required: t`This field is required.`,
    tooLong: t`This is too long.`,
    invalid: t`This cannot be used as typed. Please check it.`,
    invalidEmail: t`Enter an email address like name@example.com.`,
    invalidCharacters: t`This contains characters that cannot be used.`,
    invalidClientCode: t`Enter the client code: 2 to 4 letters.`,
    tooShort: t`Use at least 12 characters.`,
    sameAsEmail: t`Choose a password that is not your email address.`,
    common: t`This password is too common and easy to guess. Choose another one.`,
    mismatch: t`The two passwords are not the same.`,
    accountNotFound: t`We could not find an unpaid invoice with that account number, invoice number and postal code for this client code.`,
  };
  // One requirement per field: "required" names the field, so a screen reader user knows which.
  const requiredMessages: Partial<Record<RegistrationField, string>> = {
    firstName: t`Enter your first name.`,
    lastName: t`Enter your last name.`,
    email: t`Enter your email address.`,
    password: t`Choose a password.`,
    passwordConfirmation: t`Type the password again.`,
    clientCode: t`Enter the client code.`,
    rosterAcct: t`Enter your account number.`,
    invoice: t`Enter your invoice number.`,
    postalCode: t`Enter the postal code on your statement.`,
  };
  const failures: Record<RegistrationFailureCode, string> = {
    tooManyRequests: t`Too many attempts. Please wait a few minutes and try again.`,
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
  };
  const messageOf = (field: RegistrationField, error: RegistrationFieldError) =>
    error === 'required' ? (requiredMessages[field] ?? messages.required) : messages[error];
  const form = useFormFields(actor, { fields: registrationFields, problems: errors, message: messageOf });

  return (
    <Screen title={<Trans>Create an account</Trans>} narrow>
      <UnknownClientNotice />
      <p>
        <Trans>
          Register with the account number, the number of one unpaid invoice of that account and the postal code printed on
          your statement. Family members and guarantors can each register for the same account with their own email address;
          everyone registered for the account is told.
        </Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failures[failure]}
        </p>
      ) : null}
      {clientFromAddress && providerName ? (
        <p data-testid="registering-with">
          <Trans>You are registering with {providerName}.</Trans>
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
        {shownFields.map((field) => {
          const spec = fields[field];
          return (
            <TextField
              key={field}
              label={spec.label}
              hint={spec.hint}
              type={spec.type}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              {...(spec.reference ? { autoCapitalize: 'characters', spellCheck: false } : {})}
              {...form.field(field)}
            />
          );
        })}
        {/*
          Never disabled: a disabled button drops the focus to the page; a second press while busy does nothing.
          Pressing it keeps the focus in the field: leaving the field would show its message first, move
          the button down under the pointer, and lose the click (the submit checks every field anyway).
        */}
        <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </button>
      </form>
      <p className="alternative">
        <Trans>Already registered?</Trans>{' '}
        <Link to="/{-$client}/login">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </Screen>
  );
}

/** "An email is on its way": the same words whether the address was new or already registered. */
function RegistrationSent({ actor }: { actor: RegistrationActor }) {
  const { t } = useLingui();
  const email = useSelector(actor, selectSentTo) ?? '';
  const notice = useRef<HTMLDivElement>(null);
  useStepTitle(t`Check your email`);
  // The form and its button are gone: the notice takes the focus, so it is read at once.
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <Screen title={t`Check your email`} narrow>
      <div className="notice notice-success" ref={notice} tabIndex={-1}>
        <p>
          <Trans>
            We sent an email to <strong>{email}</strong>. Open the link in it within 24 hours to activate your account, then sign
            in.
          </Trans>
        </p>
        <p>
          <Trans>If this address already has an account, the email says how to sign in instead.</Trans>
        </p>
      </div>
      <p>
        <Trans>
          No email after a few minutes? Look in your spam folder. Signing in also offers to send the link again.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/{-$client}/login" className="button">
          <Trans>Go to sign in</Trans>
        </Link>
      </div>
    </Screen>
  );
}
