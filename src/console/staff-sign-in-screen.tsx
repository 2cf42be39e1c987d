import { Trans } from '@lingui/react/macro';
import { staffSignInMachine } from '@machines/console/staff-sign-in.machine';
import {
  selectAsksClientCode,
  selectFactors,
  selectFailure,
  selectIsBusy,
  selectIsUsingPasskey,
  selectShownProblems,
  selectStep,
  selectStepFields,
} from '@machines/console/staff-sign-in.selectors';
import type { StaffFactors } from '@machines/console/staff-sign-in.types';
import type { SignedInStaff } from '@machines/console/console.types';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { useFormFields } from '@/lib/use-form-fields';
import { useOfficeFailureMessage, useStaffFieldMessage } from './office-messages';
import { createStaffSignInImplementations } from './office.implementations';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useStaffSignInEvents } from './staff-sign-in-events';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The console's sign-in (`/{client}/office/` while signed out): the email and password, then the
 * second factor, a code from the authenticator app (or a recovery code) or the passkey. `factors`
 * is set when a password was given in this browser already: the page opens at its second factor.
 */
export function StaffSignInScreen({
  clientCode,
  factors,
  onSignedIn,
  onEnrol,
}: {
  clientCode: string;
  factors: StaffFactors | null;
  onSignedIn: (session: SignedInStaff) => void;
  onEnrol: (email: string) => void;
}) {
  return (
    <Screen title={<Trans>Billing office sign-in</Trans>} narrow>
      <StaffSignInForm
        clientCode={clientCode}
        factors={factors}
        onSignedIn={onSignedIn}
        onEnrol={onEnrol}
        intro={
          <p>
            <Trans>For the lab's billing office staff. Patients sign in on the portal's own sign-in page.</Trans>
          </p>
        }
        stepHeading={(text) => <h2>{text}</h2>}
      />
    </Screen>
  );
}

/**
 * The sign-in's steps, on the sign-in page or over a console screen (`email`: who signs in again
 * there). When the step changes, its first field takes the focus; `onSignedIn` gets the new session.
 */
export function StaffSignInForm({
  clientCode,
  factors,
  email,
  onSignedIn,
  onEnrol,
  intro,
  stepHeading,
}: {
  clientCode: string;
  factors: StaffFactors | null;
  email?: string;
  onSignedIn: (session: SignedInStaff) => void;
  onEnrol: (email: string) => void;
  intro?: ReactNode;
  stepHeading: (text: ReactNode) => ReactNode;
}) {
  const actor = useScreenActor(
    () => staffSignInMachine.provide(createStaffSignInImplementations({ signedIn: onSignedIn, enrolmentOwed: onEnrol })),
    { input: { clientCode, factors, ...(email === undefined ? {} : { email }) } },
  );
  const { answerWithPasskey, restart } = useStaffSignInEvents(actor);
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  const step = useSelector(actor, selectStep);
  const asksClientCode = useSelector(actor, selectAsksClientCode);
  const hasFactors = useSelector(actor, selectFactors);
  const usingPasskey = useSelector(actor, selectIsUsingPasskey);
  const failureMessage = useOfficeFailureMessage();
  const fieldMessage = useStaffFieldMessage();
  const form = useFormFields(actor, {
    fields: useSelector(actor, selectStepFields),
    problems: useSelector(actor, selectShownProblems),
    message: fieldMessage,
  });

  // The step's first field to fill takes the focus when the form opens over a screen and at each new step.
  const formRef = useRef<HTMLFormElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current && email === undefined) {
      firstStep.current = false;
      return;
    }
    firstStep.current = false;
    const inputs = [...(formRef.current?.querySelectorAll('input') ?? [])];
    (inputs.find((input) => input.value === '') ?? inputs[0])?.focus();
  }, [step, email]);

  return (
    <>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      {step === 'password' ? (
        <>
          {intro}
          <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy} ref={formRef}>
            {asksClientCode ? <TextField label={<Trans>Lab code</Trans>} autoCapitalize="characters" maxLength={4} {...form.field('clientCode')} /> : null}
            <TextField label={<Trans>Email</Trans>} type="email" autoComplete="username" maxLength={254} {...form.field('email')} />
            <TextField label={<Trans>Password</Trans>} type="password" autoComplete="current-password" maxLength={512} {...form.field('password')} />
            <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
              {busy ? <Trans>Signing in…</Trans> : <Trans>Continue</Trans>}
            </button>
          </form>
        </>
      ) : (
        <>
          {stepHeading(<Trans>Second step</Trans>)}
          {hasFactors.passkey ? (
            <p>
              <button type="button" className="button" aria-disabled={busy} onClick={answerWithPasskey}>
                {usingPasskey ? <Trans>Waiting for your passkey…</Trans> : <Trans>Use my passkey</Trans>}
              </button>
            </p>
          ) : null}
          <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy && !usingPasskey} ref={formRef}>
            <TextField
              label={<Trans>Code from your authenticator app, or a recovery code</Trans>}
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              maxLength={32}
              {...form.field('code')}
            />
            <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
              {busy && !usingPasskey ? <Trans>Checking…</Trans> : <Trans>Sign in</Trans>}
            </button>
          </form>
          <p className="alternative">
            <button type="button" className="button button-secondary" onClick={restart}>
              <Trans>Start again with another account</Trans>
            </button>
          </p>
        </>
      )}
    </>
  );
}
