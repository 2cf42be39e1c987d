import { Trans, useLingui } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useMachines } from '@/lib/machines';

// The signed-in menu is loaded once someone signs in, not with the first page.
const SignedInMenu = lazy(() => import('./signed-in-menu').then((module) => ({ default: module.SignedInMenu })));

/** The sidebar menu: the role chooser when signed out, the account and payment items when signed in. */
export function Sidebar({ open }: { open: boolean | null }) {
  const { t } = useLingui();
  const { session } = useMachines();
  const signedIn = useSelector(session, selectIsSignedIn);
  return (
    <nav id="sidebar" className={open === null ? 'sidebar sidebar-by-width' : 'sidebar'} aria-label={t`Main menu`} hidden={open === false}>
      {signedIn ? (
        <Suspense fallback={null}>
          <SignedInMenu />
        </Suspense>
      ) : (
        <SignedOutMenu />
      )}
    </nav>
  );
}

// Sends its two events itself: the session events hook stays out of the first screen's JavaScript.
function SignedOutMenu() {
  const { session, client } = useMachines();
  // The client's own app for patients, where it has one (an https address, checked by the database).
  const patientAppUrl = useSelector(client, selectClient)?.patientAppUrl;
  return (
    <ul className="menu" data-testid="menu-signed-out">
      <li>
        {/* Home leaves the sign-in form for the landing page: back to choosing how to sign in. */}
        <Link to="/{-$client}" activeOptions={{ exact: true }} onClick={() => session.send({ type: 'session.clearRole' })}>
          <Trans>Home</Trans>
        </Link>
      </li>
      {patientAppUrl ? (
        <li>
          <a href={patientAppUrl} rel="noopener noreferrer">
            <Trans>Patient app</Trans>
          </a>
        </li>
      ) : null}
      <li>
        <Link to="/{-$client}/login" onClick={() => session.send({ type: 'session.chooseRole', role: 'ClientBillingUser' })}>
          <Trans>Roster login</Trans>
        </Link>
      </li>
    </ul>
  );
}

