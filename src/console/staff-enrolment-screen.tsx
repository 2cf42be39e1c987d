import { Trans, useLingui } from '@lingui/react/macro';
import { staffEnrolmentMachine } from '@machines/console/staff-enrolment.machine';
import {
  enrolmentStepFields,
  selectEnrolmentProblems,
  selectEnrolmentStep,
  selectFailure,
  selectIsBusy,
  selectRecoveryCodes,
  selectSetup,
} from '@machines/console/staff-enrolment.selectors';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Screen } from '@/components/screen';
import { QrCode } from './qr-code';
import { useFocusHeadingOnChange } from '@/lib/focus-heading';
import { TextField } from '@/components/text-field';
import { useNewPasswordHint, usePasswordFieldMessage } from '@/lib/password-form-messages';
import { useCopy } from '@/lib/use-copy';
import { useFormFields } from '@/lib/use-form-fields';
import { useOfficeFailureMessage } from './office-messages';
import { createStaffEnrolmentImplementations } from './office.implementations';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useStaffEnrolmentEvents } from './staff-enrolment-events';
import { staffEnrolmentProblems } from './staff-enrolment-rules';

type Snapshot = SnapshotFrom<typeof staffEnrolmentMachine>;

/** The problem each field of the step shows: the server's, else the rules' (the new password's, a code of six digits) once checked. */
const selectProblems = (snapshot: Snapshot) => selectEnrolmentProblems(snapshot, staffEnrolmentProblems(snapshot.context.draft));
const selectFields = (snapshot: Snapshot) => enrolmentStepFields(selectEnrolmentStep(snapshot));

/**
 * Setting up a staff member's sign-in (`/{client}/office/welcome`): from the invitation link a
 * password, then a second factor (a passkey, or an authenticator app confirmed with a code), then
 * the ten recovery codes, shown once. `token` is the link's; null when the password is set already.
 */
export function StaffEnrolmentScreen({ token, enrolling, onDone, signInPath }: { token: string | null; enrolling: boolean; onDone: () => void; signInPath: string }) {
  const { t } = useLingui();
  const actor = useScreenActor(() => staffEnrolmentMachine.provide(createStaffEnrolmentImplementations({ showConsole: onDone })), { input: { token, enrolling } });
  const { choosePasskey, chooseApp, back, done } = useStaffEnrolmentEvents(actor);
  const busy = useSelector(actor, selectIsBusy);
  const failure = useSelector(actor, selectFailure);
  const step = useSelector(actor, selectEnrolmentStep);
  const setup = useSelector(actor, selectSetup);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
  // Each step is a screen of its own: the focus goes to its heading.
  useFocusHeadingOnChange(step);
  const failureMessage = useOfficeFailureMessage();
  const passwordMessage = usePasswordFieldMessage();
  const hint = useNewPasswordHint();
  const form = useFormFields(actor, {
    fields: useSelector(actor, selectFields),
    problems: useSelector(actor, selectProblems),
    message: (field, problem) => {
      if (field === 'code') return problem === 'required' ? t`Enter the 6-digit code your app shows.` : t`The code is the 6 digits your app shows.`;
      return passwordMessage(field === 'password' ? 'new' : 'confirmation', problem);
    },
  });

  const failureNotice = failure ? (
    <p className="form-error" role="alert">
      {failureMessage(failure)}
    </p>
  ) : null;

  if (step === 'linkInvalid' || step === 'expired') {
    return (
      <Screen title={step === 'linkInvalid' ? <Trans>This invitation does not work</Trans> : <Trans>Please sign in again</Trans>} narrow>
        <p>
          {step === 'linkInvalid' ? (
            failureMessage('linkInvalid')
          ) : (
            <Trans>There is no sign-in to set up here, or it took too long. Sign in to go on, or open the invitation link from your email.</Trans>
          )}
        </p>
        <p>
          <a className="button" href={signInPath}>
            <Trans>Go to the sign-in</Trans>
          </a>
        </p>
      </Screen>
    );
  }

  if (step === 'recoveryCodes') {
    return (
      <Screen title={<Trans>Your recovery codes</Trans>} narrow>
        <p>
          <Trans>
            Keep these ten codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone or passkey. They are shown only
            now.
          </Trans>
        </p>
        <ol className="recovery-codes" aria-label={t`Recovery codes`} data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <KeepCodes codes={recoveryCodes} />
        <button type="button" className="button" onClick={done}>
          <Trans>I have kept them: open the console</Trans>
        </button>
      </Screen>
    );
  }

  if (step === 'appCode') {
    return (
      <Screen title={<Trans>Set up your authenticator app</Trans>} narrow>
        {failureNotice}
        <p>
          <Trans>In your authenticator app, add an account and scan this code, or type the key below it (or open the link on your phone):</Trans>
        </p>
        {setup ? <QrCode value={setup.uri} label={t`QR code of your authenticator key`} /> : null}
        <p className="authenticator-secret">
          <code data-testid="authenticator-secret">{setup?.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        {setup ? (
          <p>
            <a href={setup.uri}>
              <Trans>Open in an authenticator app on this device</Trans>
            </a>
          </p>
        ) : null}
        <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
          <TextField label={<Trans>The 6-digit code your app shows</Trans>} autoComplete="one-time-code" inputMode="numeric" maxLength={8} {...form.field('code')} />
          <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
            {busy ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
          </button>
        </form>
        <p className="alternative">
          <button type="button" className="button button-secondary" onClick={back}>
            <Trans>Use a passkey instead</Trans>
          </button>
        </p>
      </Screen>
    );
  }

  if (step === 'choosing') {
    return (
      <Screen title={<Trans>Add a second step to your sign-in</Trans>} narrow>
        {failureNotice}
        <p>
          <Trans>Every sign-in to the billing office asks for your password and a second step, so a stolen password is not enough. Choose one:</Trans>
        </p>
        <div className="choice-buttons" aria-busy={busy}>
          <button type="button" className="button" aria-disabled={busy} onClick={choosePasskey}>
            {busy ? <Trans>Waiting for your device…</Trans> : <Trans>Use a passkey (this device or a security key)</Trans>}
          </button>
          <button type="button" className="button button-secondary" aria-disabled={busy} onClick={chooseApp}>
            <Trans>Use an authenticator app</Trans>
          </button>
        </div>
      </Screen>
    );
  }

  return (
    <Screen title={<Trans>Welcome to the billing office</Trans>} narrow>
      {failureNotice}
      <p>
        <Trans>Choose a password for your staff account.</Trans>
      </p>
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
        <TextField label={<Trans>New password</Trans>} hint={hint} type="password" autoComplete="new-password" maxLength={512} {...form.field('password')} />
        <TextField label={<Trans>Type it again</Trans>} type="password" autoComplete="new-password" maxLength={512} {...form.field('passwordConfirmation')} />
        <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Set my password</Trans>}
        </button>
      </form>
    </Screen>
  );
}

/** Copy the recovery codes (one a line, for a password manager) or print them; neither leaves the browser. */
function KeepCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useLingui();
  const { copied, copy } = useCopy();
  return (
    <div className="no-print">
      <div className="office-actions">
        <button type="button" className="button button-secondary" onClick={() => copy(codes.join('\n'))}>
          <Trans>Copy the codes</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          <Trans>Print the codes</Trans>
        </button>
      </div>
      <p role="status">{copied === null ? null : copied === 'copied' ? t`The ten codes are copied.` : t`They could not be copied: select them and copy them yourself.`}</p>
    </div>
  );
}
