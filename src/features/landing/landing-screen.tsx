import { Trans } from '@lingui/react/macro';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LogoutNotice } from '@/components/logout-notice';
import { useMachines } from '@/lib/machines';

/** The landing page: what the portal is for, and the way in. */
export function LandingScreen() {
  const { session } = useMachines();
  const signedIn = useSelector(session, selectIsSignedIn);
  return (
    <section className="screen" aria-labelledby="landing-title">
      <LogoutNotice />
      <h1 id="landing-title">
        <Trans>Pay your bill online</Trans>
      </h1>
      <p>
        <Trans>See your invoices and pay them securely, any time.</Trans>
      </p>
      {signedIn ? (
        <Link to="/{-$client}/invoices" className="button">
          <Trans>View my invoices</Trans>
        </Link>
      ) : (
        <div className="actions">
          <Link to="/{-$client}/login" className="button">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/{-$client}/guestLogin" className="button button-secondary">
            <Trans>Pay as a guest</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}
