import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionErrorCode } from '@machines/session/session.types';
import { selectIsAuthenticating, selectUserSignInError } from '@machines/session/session.selectors';
import { useSelector } from '@xstate/react';
import { useRef, useState, type ComponentType, type SyntheticEvent } from 'react';
import { TextField } from '@/components/text-field';
import { useMachines } from '@/lib/machines';
import { useLanguage } from '@/lib/use-language';
import { useSessionEvents } from '@/lib/use-session-events';
import { useSignInClient } from '@/lib/use-sign-in-client';
import { validateLogin, type LoginFieldErrors } from './login-validation';
import { LogoutNotice } from '@/components/logout-notice';
import { Link, useSearch } from '@tanstack/react-router';
import { Screen } from '@/components/screen';
import { useFocusOnRefusal } from '@/lib/use-focus-on-refusal';
import { UnknownClientNotice } from '@/components/unknown-client-notice';

/**
 * The sign-in form. The session machine does the signing in; the route guard moves on. When the
 * account still waits for its activation link, `NotActivatedHelp` (composed by the route) offers
 * to send it again to the address of that attempt.
 */
export function LoginScreen({ NotActivatedHelp }: { NotActivatedHelp?: ComponentType<{ email: string }> }) {
  const { t } = useLingui();
  const { session } = useMachines();
  const { logIn } = useSessionEvents();
  const busy = useSelector(session, selectIsAuthenticating);
  const serverError = useSelector(session, selectUserSignInError);
  const language = useLanguage();
  const signInClient = useSignInClient();

  const { redirect } = useSearch({ from: '/{-$client}/login' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const refused = useFocusOnRefusal(() => (fieldErrors.email ? emailInput.current : fieldErrors.password ? passwordInput.current : null));

  const messages: Record<SessionErrorCode, string> = {
    invalidCredentials: t`The email or password is incorrect.`,
    invalidRequest: t`The email or password cannot be used as typed. Please check them.`,
    accountNotActivated: t`Your account is not activated yet.`,
    tooManyRequests: t`Too many sign-in attempts. Please wait a few minutes and try again.`,
    network: t`We could not reach the server. Please check your connection and try again.`,
    serverError: t`Something went wrong on our side. Please try again.`,
  };
  const fieldMessages = {
    emailRequired: t`Enter your email address.`,
    emailInvalid: t`Enter an email address like name@example.com.`,
    emailTooLong: t`The email address is too long: at most 254 characters.`,
    passwordRequired: t`Enter your password.`,
  } as const;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      refused();
      return;
    }
    setAttemptedEmail(email.trim());
    logIn({
      email: email.trim(),
      password,
      language,
      ...signInClient,
    });
  }

  return (
    <Screen title={<Trans>Sign in</Trans>} narrow>
      <LogoutNotice />
      <UnknownClientNotice signInStillWorks />
      {/* The answer to the last attempt, unless this attempt was stopped before it was sent. */}
      {serverError && !fieldErrors.email && !fieldErrors.password ? (
        <p className="form-error" role="alert">
          {messages[serverError]}
        </p>
      ) : null}
      {/* Waiting is not the only way in: a reset link works whatever the sign-in limits say. */}
      {serverError === 'tooManyRequests' ? (
        <p data-testid="reset-offer">
          <Trans>
            Or <Link to="/{-$client}/forgotpassword">reset your password by email</Link> and sign in with the new one.
          </Trans>
        </p>
      ) : null}
      {serverError === 'accountNotActivated' && NotActivatedHelp ? <NotActivatedHelp key={attemptedEmail} email={attemptedEmail} /> : null}
      <form className="form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          label={<Trans>Email</Trans>}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          inputRef={emailInput}
          error={fieldErrors.email ? fieldMessages[fieldErrors.email] : undefined}
        />
        <TextField
          label={<Trans>Password</Trans>}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          inputRef={passwordInput}
          error={fieldErrors.password ? fieldMessages[fieldErrors.password] : undefined}
        />
        {/* Never disabled: a disabled button drops the focus to the page; a second press while busy does nothing. */}
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
      </form>
      <p className="alternative">
        <Link to="/{-$client}/forgotpassword">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <p className="alternative">
        <Trans>No account yet?</Trans>{' '}
        <Link to="/{-$client}/registration">
          <Trans>Register</Trans>
        </Link>
      </p>
      <p className="alternative">
        <Trans>Have an invoice but no account?</Trans>{' '}
        <Link to="/{-$client}/guestLogin" search={{ redirect }}>
          <Trans>Pay as a guest</Trans>
        </Link>
      </p>
    </Screen>
  );
}
