import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '@machines/language/language.selectors';
import { forgotPasswordMachine } from '@machines/password-reset/forgot-password.machine';
import { selectEmailProblem, selectFailure, selectIsBusy } from '@machines/password-reset/password-reset.selectors';
import { forgotPasswordFields } from '@machines/password-reset/password-reset.types';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { emailProblem } from '@/lib/password-form-rules';
import { useEmailFieldMessage, usePasswordFormFailureMessage } from '@/lib/password-form-messages';
import { sessionItem, storageKeys } from '@/lib/storage';
import { useFormFields } from '@/lib/use-form-fields';
import { createForgotPasswordImplementations } from './password-reset.implementations';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The address's problem the form shows, by field as every form's. */
const selectShownProblems = (snapshot: ForgotPasswordSnapshot) => {
  const problem = selectEmailProblem(snapshot, emailProblem(snapshot.context.draft.email));
  return problem === null ? {} : { email: problem };
};

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
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  const emailMessage = useEmailFieldMessage();
  const failureMessage = usePasswordFormFailureMessage();
  const form = useFormFields(actor, {
    fields: forgotPasswordFields,
    problems: useSelector(actor, selectShownProblems),
    message: (_, problem) => emailMessage(problem),
  });

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
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
        <TextField label={<Trans>Email</Trans>} type="email" autoComplete="username" maxLength={254} {...form.field('email')} />
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
