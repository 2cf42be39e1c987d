import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionErrorCode } from '@machines/session/session.types';
import { selectChosenRole, selectIsAuthenticating, selectLoginError } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useId, useState, type SyntheticEvent } from 'react';
import { isLanguage, defaultLanguage } from '@/lib/i18n';
import { useMachines } from '@/lib/machines';
import { useSessionEvents } from '@/lib/use-session-events';
import { validateLogin, type LoginFieldErrors } from './login-validation';
import { LogoutNotice } from '@/components/logout-notice';
import { Link, useSearch } from '@tanstack/react-router';

/** The sign-in form. The session machine does the signing in; the route guard moves on. */
export function LoginScreen() {
  const { t, i18n } = useLingui();
  const { session, client } = useMachines();
  const { logIn } = useSessionEvents();
  const busy = useSelector(session, selectIsAuthenticating);
  // The session has one error for both ways of signing in: show only this form's own.
  const serverError = useSelector(session, (snapshot) =>
    selectChosenRole(snapshot) === 'ClientBillingUser' ? selectLoginError(snapshot) : null,
  );
  const requested = useSelector(client, (snapshot) => snapshot.context.requested);

  const { redirect } = useSearch({ from: '/{-$client}/login' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const emailId = useId();
  const passwordId = useId();

  const messages: Record<SessionErrorCode, string> = {
    invalidCredentials: t`The email or password is incorrect.`,
    tooManyRequests: t`Too many sign-in attempts. Please wait a few minutes and try again.`,
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
  };
  const fieldMessages = {
    emailRequired: t`Enter your email address.`,
    emailInvalid: t`Enter an email address like name@example.com.`,
    passwordRequired: t`Enter your password.`,
  } as const;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    logIn({
      email: email.trim(),
      password,
      language: isLanguage(i18n.locale) ? i18n.locale : defaultLanguage,
      ...(requested ? { clientCode: requested.code.toUpperCase() } : {}),
      ...(requested?.billingGroup ? { billingGroup: requested.billingGroup } : {}),
    });
  }

  return (
    <section className="screen screen-narrow" aria-labelledby="login-title">
      <h1 id="login-title">
        <Trans>Sign in</Trans>
      </h1>
      <LogoutNotice />
      {serverError && !busy ? (
        <p className="form-error" role="alert">
          {messages[serverError]}
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={emailId}>
            <Trans>Email</Trans>
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? `${emailId}-error` : undefined}
          />
          {fieldErrors.email ? (
            <p className="field-error" id={`${emailId}-error`}>
              {fieldMessages[fieldErrors.email]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={passwordId}>
            <Trans>Password</Trans>
          </label>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${passwordId}-error` : undefined}
          />
          {fieldErrors.password ? (
            <p className="field-error" id={`${passwordId}-error`}>
              {fieldMessages[fieldErrors.password]}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
      </form>
      <p className="alternative">
        <Trans>Have an invoice but no account?</Trans>{' '}
        <Link to="/{-$client}/guestLogin" search={{ redirect }}>
          <Trans>Pay as a guest</Trans>
        </Link>
      </p>
    </section>
  );
}
