import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '@machines/language/language.selectors';
import {
  selectFailure,
  selectIsSubmitting,
  selectResetEmail,
  selectResetProblems,
  selectResetStatus,
} from '@machines/password-reset/password-reset.selectors';
import { resetPasswordFields } from '@machines/password-reset/password-reset.types';
import { resetPasswordMachine } from '@machines/password-reset/reset-password.machine';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { withClientPrefix } from '@/lib/client-path';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { useNewPasswordHint, usePasswordFieldMessage, usePasswordFormFailureMessage } from '@/lib/password-form-messages';
import { useFormFields } from '@/lib/use-form-fields';
import { forgetResetToken, readResetToken } from './pending-reset-token';
import { useResetPasswordEvents, type ResetPasswordActor } from './password-reset-events';
import { resetPasswordProblems } from '@/lib/password-form-rules';
import { createResetPasswordImplementations } from './password-reset.implementations';

type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

const selectShownProblems = (snapshot: ResetPasswordSnapshot) =>
  selectResetProblems(snapshot, resetPasswordProblems(snapshot.context.draft, snapshot.context.email));

const title = <Trans>Reset your password</Trans>;

const noSubscription = () => () => undefined;

/**
 * The reset link's page: the link is checked, then the new password typed twice; every session of
 * the user ends and the success screen leads to signing in. `clientCode` is the page's, whose
 * name signs the notice email.
 */
export function ResetPasswordScreen({ clientCode }: { clientCode: string | undefined }) {
  const { language } = useMachines();
  const navigate = useNavigate();
  const [actor] = useState(() =>
    createAppActor(
      resetPasswordMachine.provide(
        createResetPasswordImplementations({
          language: () => selectLanguage(language.getSnapshot()),
          clientCode,
          forgetToken: forgetResetToken,
          // Replacing the history entry: the spent link is no page to come back to.
          showSignIn: () =>
            void navigate({
              to: '/{-$client}/success',
              params: (current) => current,
              search: { message: 'passwordReset', redirect: withClientPrefix('/login', window.location.pathname) },
              replace: true,
            }),
        }),
      ),
      { input: { token: readResetToken() } },
    ),
  );
  // Started once and never stopped: the link is spent once, even when React mounts twice.
  useEffect(() => {
    actor.start();
  }, [actor]);
  // The token waits in this tab's storage, which the server never sees: until the page runs (the
  // server's page and its hydration), the link is being checked, whatever the server would judge.
  const running = useSyncExternalStore(noSubscription, () => true, () => false);
  const machineStatus = useSelector(actor, selectResetStatus);
  const status = running ? machineStatus : 'checking';
  if (status === 'linkInvalid') return <LinkInvalid />;
  return (
    <Screen title={title} narrow>
      {status === 'form' ? <ResetForm actor={actor} /> : status === 'checkFailed' ? <CheckFailed actor={actor} /> : <p role="status"><Trans>Checking your link…</Trans></p>}
    </Screen>
  );
}

function CheckFailed({ actor }: { actor: ResetPasswordActor }) {
  const failure = useSelector(actor, selectFailure);
  const failureMessage = usePasswordFormFailureMessage();
  const { retry } = useResetPasswordEvents(actor);
  return (
    <>
      <p className="form-error" role="alert">
        {failureMessage(failure ?? 'serverError')}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </>
  );
}

function ResetForm({ actor }: { actor: ResetPasswordActor }) {
  const email = useSelector(actor, selectResetEmail);
  const submitting = useSelector(actor, selectIsSubmitting);
  const failure = useSelector(actor, selectFailure);
  const fieldMessage = usePasswordFieldMessage();
  const failureMessage = usePasswordFormFailureMessage();
  const hint = useNewPasswordHint();
  const form = useFormFields(actor, {
    fields: resetPasswordFields,
    problems: useSelector(actor, selectShownProblems),
    message: (field, problem) => fieldMessage(field === 'password' ? 'new' : 'confirmation', problem),
  });

  return (
    <>
      <p>
        <Trans>
          Choose a new password for <strong data-testid="reset-account">{email}</strong>. You will be signed out on every device, and then
          sign in with the new password.
        </Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={submitting}>
        {/* The account's address, for password managers to file the new password under. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField label={<Trans>New password</Trans>} hint={hint} type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField label={<Trans>Confirm the new password</Trans>} type="password" autoComplete="new-password" {...form.field('passwordConfirmation')} />
        {/* Never disabled (a disabled button drops the focus); pressing it keeps the focus in the field, so a message cannot move the button away from the pointer. */}
        <button type="submit" className="button" aria-disabled={submitting} onMouseDown={(event) => event.preventDefault()}>
          {submitting ? <Trans>Saving…</Trans> : <Trans>Set the new password</Trans>}
        </button>
      </form>
    </>
  );
}

/** A link that does not work, calmly: nothing changed, and a new one is a page away. */
function LinkInvalid() {
  return (
    <Screen title={title} narrow>
      <div className="notice" role="status" data-testid="reset-link-invalid">
        <p>
          <Trans>This link cannot be used to reset your password. It may have expired (a link works for one hour) or been used already.</Trans>
        </p>
        <p>
          <Trans>Your password has not changed. You can ask for a new link.</Trans>
        </p>
      </div>
      <div className="actions">
        <Link to="/{-$client}/forgotpassword" className="button">
          <Trans>Ask for a new link</Trans>
        </Link>
        <Link to="/{-$client}/login" className="button button-secondary">
          <Trans>Go to sign in</Trans>
        </Link>
      </div>
    </Screen>
  );
}
