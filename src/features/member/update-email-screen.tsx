import { Trans } from '@lingui/react/macro';
import { emailChangeMachine } from '@machines/email-change/email-change.machine';
import {
  selectEmailChangeStatus,
  selectFailure,
  selectFieldProblems,
  selectIsSubmitting,
  selectSentTo,
} from '@machines/email-change/email-change.selectors';
import { emailChangeFields } from '@machines/email-change/email-change.types';
import { selectAccount, selectIsAccountDisabled } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { useFormFields } from '@/lib/use-form-fields';
import { useEmailChangeEvents, type EmailChangeActor } from './member-events';
import { createEmailChangeImplementations } from './member.implementations';
import { useEmailChangeFieldMessage, useFailureMessages } from './messages';

/**
 * Changing the email address: the new address and the current password; a link goes to the new
 * address, and the address changes only when it is opened.
 */
export function UpdateEmailScreen() {
  const { session } = useMachines();
  const account = useSelector(session, selectAccount);
  const disabled = useSelector(session, selectIsAccountDisabled);
  const title = <Trans>Update email</Trans>;
  if (disabled) {
    return (
      <Screen title={title}>
        <p className="notice">
          <Trans>This account is disabled, so its email address cannot be changed here. Please <Link to="/{-$client}/contact">contact us</Link>.</Trans>
        </p>
      </Screen>
    );
  }
  return (
    <Screen title={title} narrow>
      {account ? <EmailChange currentEmail={account.email} /> : null}
    </Screen>
  );
}

function EmailChange({ currentEmail }: { currentEmail: string }) {
  const [actor] = useState(() => createAppActor(emailChangeMachine.provide(createEmailChangeImplementations()), { input: { currentEmail } }));
  // Started once and never stopped, as the payment wizard: React may mount twice, and a stopped actor cannot start again.
  useEffect(() => {
    actor.start();
  }, [actor]);
  const status = useSelector(actor, selectEmailChangeStatus);
  return status === 'linkSent' ? <LinkSent actor={actor} currentEmail={currentEmail} /> : <EmailChangeForm actor={actor} currentEmail={currentEmail} />;
}

function EmailChangeForm({ actor, currentEmail }: { actor: EmailChangeActor; currentEmail: string }) {
  const submitting = useSelector(actor, selectIsSubmitting);
  const failure = useSelector(actor, selectFailure);
  const failureMessages = useFailureMessages();
  const form = useFormFields(actor, { fields: emailChangeFields, problems: useSelector(actor, selectFieldProblems), message: useEmailChangeFieldMessage() });

  return (
    <>
      <p>
        <Trans>
          You sign in with <strong data-testid="current-email">{currentEmail}</strong> now. Enter the address you want to use instead, and
          your current password. We send a link to the new address; your address changes only when you open it. We also let your current
          address know.
        </Trans>
      </p>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessages[failure]}
        </p>
      ) : null}
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={submitting}>
        <TextField label={<Trans>New email address</Trans>} type="email" autoComplete="email" {...form.field('newEmail')} />
        <TextField label={<Trans>Current password</Trans>} type="password" autoComplete="current-password" {...form.field('password')} />
        <div className="actions">
          {/* Never disabled: a disabled button drops the focus to the page; a second press while sending does nothing. */}
          <button type="submit" className="button" aria-disabled={submitting}>
            {submitting ? <Trans>Sending…</Trans> : <Trans>Send the confirmation link</Trans>}
          </button>
        </div>
      </form>
      <p className="alternative">
        <Link to="/{-$client}/member">
          <Trans>Back to member information</Trans>
        </Link>
      </p>
    </>
  );
}

/** The link is on its way: where to, for how long, and what happens meanwhile. */
function LinkSent({ actor, currentEmail }: { actor: EmailChangeActor; currentEmail: string }) {
  const sentTo = useSelector(actor, selectSentTo) ?? '';
  const { startOver } = useEmailChangeEvents(actor);
  const notice = useRef<HTMLDivElement>(null);
  // The form is gone: the news takes the focus, so a screen reader reads it.
  useEffect(() => notice.current?.focus(), []);
  return (
    <>
      <div className="notice notice-success" ref={notice} tabIndex={-1} data-testid="link-sent">
        <p>
          <Trans>
            We sent a link to <strong>{sentTo}</strong>. Open it within 24 hours to confirm your new address.
          </Trans>
        </p>
        <p>
          <Trans>
            Until then you keep signing in with {currentEmail}, and we have let that address know about this request.
          </Trans>
        </p>
      </div>
      <p>
        <Trans>No email after a few minutes? Check your spam folder, or check the address and send a new link (only the newest link works).</Trans>
      </p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={startOver}>
          <Trans>Use a different address</Trans>
        </button>
        <Link to="/{-$client}/member" className="button">
          <Trans>Back to member information</Trans>
        </Link>
      </div>
    </>
  );
}
