import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '@machines/language/language.selectors';
import { forgotPasswordMachine } from '@machines/password-reset/forgot-password.machine';
import { selectEmail, selectEmailProblem, selectFailure, selectIsBusy, selectRefusals } from '@machines/password-reset/password-reset.selectors';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useRef, useState, type SyntheticEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { emailProblem } from '@/lib/password-form-rules';
import { useEmailFieldMessage, usePasswordFormFailureMessage } from '@/lib/password-form-messages';
import { sessionItem, storageKeys } from '@/lib/storage';
import { useForgotPasswordEvents } from './password-reset-events';
import { createForgotPasswordImplementations } from './password-reset.implementations';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

const selectShownProblem = (snapshot: ForgotPasswordSnapshot) => selectEmailProblem(snapshot, emailProblem(snapshot.context.draft.email));

/**
 * Asking for a reset link: the address of the account, then the page that says a link went to
 * it, whether or not the address has an account. `clientCode` is the page's, whose name signs the
 * email.
 */
export function ForgotPasswordScreen({ clientCode }: { clientCode: string | undefined }) {
  const { language } = useMachines();
  const navigate = useNavigate();
  const [actor] = useState(() =>
    createAppActor(
      forgotPasswordMachine.provide(
        createForgotPasswordImplementations({
          language: () => selectLanguage(language.getSnapshot()),
          clientCode,
          showSent: (email) => {
            sessionItem.set(storageKeys.forgotPasswordEmail, email);
            void navigate({ to: '/{-$client}/forgot/password/email', params: (current) => current });
          },
        }),
      ),
      { input: { email: sessionItem.get(storageKeys.forgotPasswordEmail) ?? '' } },
    ),
  );
  // Started once and never stopped: its one request must finish, also when React mounts twice.
  useEffect(() => {
    actor.start();
  }, [actor]);
  const email = useSelector(actor, selectEmail);
  const problem = useSelector(actor, selectShownProblem);
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  const refusals = useSelector(actor, selectRefusals);
  const emailMessage = useEmailFieldMessage();
  const failureMessage = usePasswordFormFailureMessage();
  const { edit, leave, submit } = useForgotPasswordEvents(actor);
  const input = useRef<HTMLInputElement | null>(null);

  // After a refused submit the field takes the focus, once the render that attaches its message has happened.
  const focusField = useEffectEvent(() => input.current?.focus());
  useEffect(() => {
    if (refusals > 0) focusField();
  }, [refusals]);

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  return (
    <Screen title={<Trans>Forgot your password?</Trans>} narrow>
      <p>
        <Trans>Enter the email address you sign in with. We will send you a link to choose a new password.</Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={<Trans>Email</Trans>}
          name="email"
          type="email"
          autoComplete="username"
          maxLength={254}
          value={email}
          onChange={edit}
          onBlur={leave}
          error={problem ? emailMessage(problem) : undefined}
          inputRef={input}
        />
        {/* Never disabled (a disabled button drops the focus); pressing it keeps the focus in the field, so its message cannot move the button away from the pointer. */}
        <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send the link</Trans>}
        </button>
      </form>
      <p className="alternative">
        <Trans>Remembered it?</Trans>{' '}
        <Link to="/{-$client}/login">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </Screen>
  );
}
