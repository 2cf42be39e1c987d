import { Trans, useLingui } from '@lingui/react/macro';
import { selectClient } from '@machines/client/client.selectors';
import { selectIsSignedIn } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useMachines } from '@/lib/machines';
import { preloadable } from '@/lib/preloadable';
import { useSessionStartEvents } from '@/lib/use-machine-events';

// The signed-in menu is loaded once someone signs in, not with the first page (a signed-in page
// the server rendered loads it before it is taken over).
const SignedInMenu = preloadable(() => import('./signed-in-menu').then((module) => module.SignedInMenu), 'signedIn');

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

function SignedOutMenu() {
  const { client } = useMachines();
  const { clearRole, chooseUserRole } = useSessionStartEvents();
  // The client's own app for patients, where it has one (an https address, checked by the database).
  const patientAppUrl = useSelector(client, selectClient)?.patientAppUrl;
  return (
    <ul className="menu" data-testid="menu-signed-out">
      <li>
        {/* Home leaves the sign-in form for the landing page: back to choosing how to sign in. */}
        <Link to="/{-$client}" activeOptions={{ exact: true }} onClick={clearRole}>
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
        <Link to="/{-$client}/login" onClick={chooseUserRole}>
          <Trans>Roster login</Trans>
        </Link>
      </li>
    </ul>
  );
}

