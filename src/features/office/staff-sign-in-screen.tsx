import { Trans } from '@lingui/react/macro';
import { staffSignInMachine } from '@machines/office/staff-sign-in.machine';
import {
  selectAsksClientCode,
  selectFactors,
  selectFailure,
  selectIsBusy,
  selectIsUsingPasskey,
  selectShownProblems,
  selectStep,
  selectStepFields,
} from '@machines/office/staff-sign-in.selectors';
import type { StaffFactors } from '@machines/office/staff-sign-in.types';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useFormFields } from '@/lib/use-form-fields';
import { useOfficeFailureMessage, useStaffFieldMessage } from './office-messages';
import { createStaffSignInImplementations } from './office.implementations';
import { useStartedActor } from '@/lib/use-started-actor';

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
  onSignedIn: () => void;
  onEnrol: () => void;
}) {
  const actor = useStartedActor(() =>
    createAppActor(staffSignInMachine.provide(createStaffSignInImplementations({ showConsole: onSignedIn, showEnrolment: onEnrol })), {
      input: { clientCode, factors },
    }),
  );
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
  // A step that follows another takes the focus to its first field (the form that had it is gone).
  const stepForm = useRef<HTMLFormElement>(null);
  const lastStep = useRef(step);
  useEffect(() => {
    if (step === lastStep.current) return;
    lastStep.current = step;
    stepForm.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  return (
    <Screen title={<Trans>Billing office sign-in</Trans>} narrow>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      {step === 'password' ? (
        <>
          <p>
            <Trans>For the lab's billing office staff. Patients sign in on the portal's own sign-in page.</Trans>
          </p>
          <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy} ref={stepForm}>
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
          <h2>
            <Trans>Second step</Trans>
          </h2>
          {hasFactors.passkey ? (
            <p>
              <button type="button" className="button" aria-disabled={busy} onClick={() => actor.send({ type: 'passkey.use' })}>
                {usingPasskey ? <Trans>Waiting for your passkey…</Trans> : <Trans>Use my passkey</Trans>}
              </button>
            </p>
          ) : null}
          <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy && !usingPasskey} ref={stepForm}>
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
            <button type="button" className="button button-secondary" onClick={() => actor.send({ type: 'signIn.restart' })}>
              <Trans>Start again with another account</Trans>
            </button>
          </p>
        </>
      )}
    </Screen>
  );
}
