import { Trans } from '@lingui/react/macro';
import { updatePasswordMachine } from '@machines/password-update/update-password.machine';
import { selectEmail, selectFailure, selectIsSubmitting, selectProblems } from '@machines/password-update/update-password.selectors';
import { updatePasswordFields, type UpdatePasswordField } from '@machines/password-update/update-password.types';
import { selectAccount, selectIsPasswordExpired } from '@machines/session/session.selectors';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { withClientPrefix } from '@/lib/client-path';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { useNewPasswordHint, usePasswordFieldMessage, usePasswordFormFailureMessage, type PasswordFieldRole } from '@/lib/password-form-messages';
import { updatePasswordProblems } from '@/lib/password-form-rules';
import { useFormFields } from '@/lib/use-form-fields';
import { createUpdatePasswordImplementations } from './update-password.implementations';

type UpdatePasswordSnapshot = SnapshotFrom<typeof updatePasswordMachine>;

const selectShownProblems = (snapshot: UpdatePasswordSnapshot) =>
  selectProblems(snapshot, updatePasswordProblems(snapshot.context.draft, snapshot.context.email));

const roles: Record<UpdatePasswordField, PasswordFieldRole> = { currentPassword: 'current', newPassword: 'new', passwordConfirmation: 'confirmation' };

/**
 * Changing the password: the current one, the new one twice. This session stays, every other one
 * ends. A user whose password expired is brought here first and can leave only by changing it.
 */
export function UpdatePasswordScreen() {
  const { session } = useMachines();
  const account = useSelector(session, selectAccount);
  const expired = useSelector(session, selectIsPasswordExpired);
  return (
    <Screen title={<Trans>Update password</Trans>} narrow>
      {expired ? (
        <p className="notice" data-testid="password-expired">
          <Trans>Your password has expired. Please choose a new one to continue.</Trans>
        </p>
      ) : null}
      {account ? <UpdatePasswordForm email={account.email} /> : null}
    </Screen>
  );
}

function UpdatePasswordForm({ email }: { email: string }) {
  const { app } = useMachines();
  const navigate = useNavigate();
  const [actor] = useState(() =>
    createAppActor(
      updatePasswordMachine.provide(
        createUpdatePasswordImplementations({
          showSuccess: () =>
            void navigate({
              to: '/{-$client}/success',
              params: (current) => current,
              search: { message: 'passwordUpdated', redirect: withClientPrefix('/member', window.location.pathname) },
              replace: true,
            }),
        }),
      ),
      // In the app's system: the machine tells the session, found by its system id, the new expiry.
      { input: { email }, parent: app },
    ),
  );
  // Started once and never stopped: the change is sent once, even when React mounts twice.
  useEffect(() => {
    actor.start();
  }, [actor]);
  const accountEmail = useSelector(actor, selectEmail);
  const submitting = useSelector(actor, selectIsSubmitting);
  const failure = useSelector(actor, selectFailure);
  const fieldMessage = usePasswordFieldMessage();
  const failureMessage = usePasswordFormFailureMessage();
  const hint = useNewPasswordHint();
  const form = useFormFields(actor, {
    fields: updatePasswordFields,
    problems: useSelector(actor, selectShownProblems),
    message: (name, problem) => fieldMessage(roles[name], problem),
  });
  const field = (name: UpdatePasswordField, label: ReactNode, autoComplete: string, fieldHint?: string) => (
    <TextField label={label} hint={fieldHint} type="password" autoComplete={autoComplete} {...form.field(name)} />
  );

  return (
    <>
      <p>
        <Trans>You stay signed in here; on your other devices you will be signed out. We also let your email address know.</Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure)}
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={submitting}>
        {/* The account's address, for password managers to file the new password under. */}
        <input type="email" name="username" autoComplete="username" value={accountEmail} readOnly hidden />
        {field('currentPassword', <Trans>Current password</Trans>, 'current-password')}
        {field('newPassword', <Trans>New password</Trans>, 'new-password', hint)}
        {field('passwordConfirmation', <Trans>Confirm the new password</Trans>, 'new-password')}
        {/* Never disabled (a disabled button drops the focus); pressing it keeps the focus in the field, so a message cannot move the button away from the pointer. */}
        <button type="submit" className="button" aria-disabled={submitting} onMouseDown={(event) => event.preventDefault()}>
          {submitting ? <Trans>Saving…</Trans> : <Trans>Change the password</Trans>}
        </button>
      </form>
    </>
  );
}
