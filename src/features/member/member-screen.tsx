import { Trans } from '@lingui/react/macro';
import type { MemberAccount } from '@contracts/member';
import type { Language } from '@contracts/session';
import { memberMachine } from '@machines/member/member.machine';
import {
  selectFailure,
  selectFieldProblems,
  selectIsSaved,
  selectIsSaving,
  selectMemberStatus,
  selectProfile,
  selectSignOutFailure,
  selectSignOutStep,
  type SignOutStep,
} from '@machines/member/member.selectors';
import { memberFields, type MemberField, type MemberProfile } from '@machines/member/member.types';
import { selectIsAccountDisabled } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { formatDate } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { useLanguage } from '@/lib/use-language';
import { useMemberEvents, type MemberActor } from './member-events';
import { createMemberImplementations } from './member.implementations';
import { useFailureMessages, useMemberFieldMessage } from './messages';

/** Languages by their own names, as the language selector shows them. */
const languageNames: Record<Language, string> = { 'en-US': 'English (US)', 'es-ES': 'Español (España)' };

/**
 * The signed-in billing user's member information: name and company (editable), email address,
 * the accounts per client, the language, and signing out on every device.
 */
export function MemberScreen() {
  const { app } = useMachines();
  // In the app's system: the machine tells the session, found by its system id, of a sign-out everywhere.
  const [actor] = useState(() => createAppActor(memberMachine.provide(createMemberImplementations()), { parent: app }));
  // Started once and never stopped, as the payment wizard: React may mount twice, and a stopped actor cannot start again.
  useEffect(() => {
    actor.start();
  }, [actor]);
  const status = useSelector(actor, selectMemberStatus);
  const profile = useSelector(actor, selectProfile);
  const failure = useSelector(actor, selectFailure);
  const failureMessages = useFailureMessages();
  const { retry } = useMemberEvents(actor);
  const title = <Trans>Member information</Trans>;

  if (status === 'loadFailed') {
    return (
      <Screen title={title}>
        <div className="notice notice-error" role="alert">
          <p>{failureMessages[failure ?? 'serverError']}</p>
        </div>
        <div className="actions">
          <button type="button" className="button" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </Screen>
    );
  }
  if (status === 'signedOut' || !profile) {
    return (
      <Screen title={title}>
        <p role="status">{status === 'signedOut' ? <Trans>Signing you out on every device…</Trans> : <Trans>Loading your information…</Trans>}</p>
      </Screen>
    );
  }
  return (
    <Screen title={title}>
      <DetailsSection actor={actor} />
      <EmailSection email={profile.email} />
      <AccountsSection profile={profile} />
      <RegisteredSection profile={profile} />
      <LanguageSection />
      <SignOutSection actor={actor} />
    </Screen>
  );
}

/** A part of the page with its own heading. */
function Part({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="member-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
    </section>
  );
}

/** The name and company, as a form: each field is checked when it is left, all of them on save. */
function DetailsSection({ actor }: { actor: MemberActor }) {
  const saving = useSelector(actor, selectIsSaving);
  const saved = useSelector(actor, selectIsSaved);
  const failure = useSelector(actor, selectFailure);
  const failureMessages = useFailureMessages();
  const form = useFormFields(actor, { fields: memberFields, problems: useSelector(actor, selectFieldProblems), message: useMemberFieldMessage() });
  const field = (name: MemberField, label: ReactNode, autoComplete: string) => <TextField label={label} autoComplete={autoComplete} {...form.field(name)} />;

  return (
    <Part heading={<Trans>Your name and company</Trans>}>
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessages[failure]}
        </p>
      ) : null}
      <div role="status">
        {saved ? (
          <p className="notice notice-success">
            <Trans>Your name and company are saved.</Trans>
          </p>
        ) : null}
      </div>
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={saving}>
        {field('firstName', <Trans>First name</Trans>, 'given-name')}
        {field('lastName', <Trans>Last name</Trans>, 'family-name')}
        {field('company', <Trans>Company (optional)</Trans>, 'organization')}
        <div className="actions">
          {/* Never disabled: a disabled button drops the focus to the page; a second press while saving does nothing. */}
          <button type="submit" className="button" aria-disabled={saving}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
          </button>
        </div>
      </form>
    </Part>
  );
}

/** The address the user signs in with, and the way to change it (not for a disabled account). */
function EmailSection({ email }: { email: string }) {
  const { session } = useMachines();
  const disabled = useSelector(session, selectIsAccountDisabled);
  return (
    <Part heading={<Trans>Email address</Trans>}>
      <p>
        <Trans>
          You sign in with <strong data-testid="member-email">{email}</strong>, and messages about your account go there.
        </Trans>
      </p>
      {disabled ? null : (
        <p>
          <Link to="/{-$client}/email">
            <Trans>Change your email address</Trans>
          </Link>
        </p>
      )}
    </Part>
  );
}

/** The user's billing accounts, one per provider; the one this session is under is marked. */
function AccountsSection({ profile }: { profile: MemberProfile }) {
  const captionId = useId();
  const isCurrent = (account: MemberAccount) =>
    account.clientCode === profile.clientCode && account.billingGroup === profile.billingGroup && account.accountNumber === profile.accountNumber;
  return (
    <Part heading={<Trans>Your accounts</Trans>}>
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="data-table">
          <caption id={captionId}>
            <Trans>Your account number with each provider</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Provider</Trans>
              </th>
              <th scope="col">
                <Trans>Account number</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {profile.accounts.map((account) => (
              <tr key={`${account.clientCode} ${account.billingGroup ?? ''}`} data-client={account.clientCode}>
                <th scope="row">
                  {account.clientName || account.clientCode}{' '}
                  <span className="client-notice">
                    ({account.clientCode}
                    {account.billingGroup ? ` ${account.billingGroup}` : ''})
                  </span>
                  {isCurrent(account) ? (
                    <>
                      {' '}
                      <span className="client-notice">
                        <Trans>(signed in here now)</Trans>
                      </span>
                    </>
                  ) : null}
                </th>
                <td>{account.accountNumber}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Part>
  );
}

/**
 * Everyone registered for each of the user's accounts, so that a registration nobody in the family
 * asked for is seen (each registration also emails the others a link that removes it).
 */
function RegisteredSection({ profile }: { profile: MemberProfile }) {
  return (
    <Part heading={<Trans>Who is registered for your accounts</Trans>}>
      <p>
        <Trans>
          Everyone with a sign-in of their own for your accounts. If you do not know someone, use the link in the email we
          sent you when they registered, or contact us.
        </Trans>
      </p>
      <ul className="plain-list registered-accounts">
        {profile.accounts.map((account) => (
          <li key={`${account.clientCode} ${account.billingGroup ?? ''}`}>
            <h3>
              {account.clientName || account.clientCode} · {account.accountNumber}
            </h3>
            <RegisteredUsers users={account.registeredUsers} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

function RegisteredUsers({ users }: { users: MemberAccount['registeredUsers'] }) {
  const locale = useLanguage();
  return (
    <ul className="plain-list">
      {users.map((user) => (
        <li key={user.email}>
          {user.name} <span className="client-notice">({user.email})</span>{' '}
          <RegisteredSince user={user} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

function RegisteredSince({ user, locale }: { user: MemberAccount['registeredUsers'][number]; locale: Language }) {
  const day = formatDate(user.registeredOn, locale);
  return (
    <span className="client-notice">
      {user.activated ? <Trans>registered {day}</Trans> : <Trans>registered {day}, not activated yet</Trans>}
    </span>
  );
}

/** The language the portal speaks to the user, saved to the account. */
function LanguageSection() {
  const language = useLanguage();
  return (
    <Part heading={<Trans>Language</Trans>}>
      <p>
        <span lang={language} data-testid="member-language">
          {languageNames[language]}
        </span>
        .{' '}
        <Trans>The language selector at the top of every page changes it; your choice is saved to your account and used for the emails we send you.</Trans>
      </p>
    </Part>
  );
}

/** Signing out on every device: asked first, since it ends this session too. */
function SignOutSection({ actor }: { actor: MemberActor }) {
  const step = useSelector(actor, selectSignOutStep);
  const failure = useSelector(actor, selectSignOutFailure);
  const failureMessages = useFailureMessages();
  const { askToSignOutEverywhere, confirmSignOut, cancelSignOut } = useMemberEvents(actor);
  const question = useRef<HTMLParagraphElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const previous = useRef<SignOutStep>(step);
  const questionId = useId();

  // The question takes the focus when it opens (a screen reader reads it); cancelling gives it back.
  useEffect(() => {
    if (previous.current === 'idle' && step === 'confirming') question.current?.focus();
    if (previous.current === 'confirming' && step === 'idle') trigger.current?.focus();
    previous.current = step;
  }, [step]);

  const busy = step === 'signingOut';
  return (
    <Part heading={<Trans>Sign out on every device</Trans>}>
      <p>
        <Trans>
          If you signed in on a device you no longer use, or someone else may know your password, you can end every session of your
          account at once, this one included.
        </Trans>
      </p>
      {step === 'idle' ? (
        <button ref={trigger} type="button" className="button button-secondary" onClick={askToSignOutEverywhere}>
          <Trans>Sign out on every device</Trans>
        </button>
      ) : (
        <div className="notice" role="group" aria-labelledby={questionId} aria-busy={busy}>
          <p id={questionId} ref={question} tabIndex={-1}>
            <Trans>Sign out on every device now? You will need to sign in again here too.</Trans>
          </p>
          {failure ? (
            <p className="field-error" role="alert">
              {failureMessages[failure]}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button" aria-disabled={busy} onClick={busy ? undefined : confirmSignOut}>
              {busy ? <Trans>Signing out…</Trans> : <Trans>Yes, sign out everywhere</Trans>}
            </button>
            <button type="button" className="button button-secondary" aria-disabled={busy} onClick={busy ? undefined : cancelSignOut}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
    </Part>
  );
}
