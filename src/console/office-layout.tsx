import { Trans, useLingui } from '@lingui/react/macro';
import type { StaffSession } from '@contracts/console';
import type { ReactNode } from 'react';
import { useConsoleEvents, useStaffSessionActor } from './console-root';
import { Link } from '@tanstack/react-router';
import { StaffSignInScreen } from './staff-sign-in-screen';
import { useRoleName } from './office-messages';
import { OfficeSessionDialogs } from './office-session';
import type { StaffAllowances } from './staff-allowances';

type SignedIn = Extract<StaffSession, { stage: 'signedIn' }>;

/** A menu item is the current one on its screen and below it (an account under Patients), whatever the search. */
const withinScreen = { includeSearch: false } as const;
const exactly = { exact: true, includeSearch: false } as const;

/** The console's menu: its screens (those of the staff member's role), who is signed in, and signing out. */
function OfficeMenu({ session, may }: { session: SignedIn; may: StaffAllowances }) {
  const { t } = useLingui();
  const { signOut } = useConsoleEvents();
  const roleName = useRoleName();
  return (
    <nav className="office-menu" aria-label={t`Billing office`}>
      <p className="office-who">
        <Trans>
          {session.clientName} billing office · {session.email} ({roleName(session.role)})
        </Trans>
      </p>
      <ul>
        <li>
          <Link to="/{-$client}/office" activeOptions={exactly}>
            <Trans>Today</Trans>
          </Link>
        </li>
        <li>
          <Link to="/{-$client}/office/patients" activeOptions={withinScreen}>
            <Trans>Patients</Trans>
          </Link>
        </li>
        <li>
          <Link to="/{-$client}/office/payments" activeOptions={withinScreen}>
            <Trans>Payments</Trans>
          </Link>
        </li>
        <li>
          <Link to="/{-$client}/office/imports" activeOptions={withinScreen}>
            <Trans>Imports</Trans>
          </Link>
        </li>
        {may.manageIntegrations ? (
          <li>
            <Link to="/{-$client}/office/integrations" activeOptions={withinScreen}>
              <Trans>Integrations</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/{-$client}/office/branding" activeOptions={withinScreen}>
            <Trans>Branding</Trans>
          </Link>
        </li>
        {may.manageStaff ? (
          <li>
            <Link to="/{-$client}/office/staff" activeOptions={withinScreen}>
              <Trans>Staff</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/{-$client}/office/audit" activeOptions={withinScreen}>
            <Trans>Audit trail</Trans>
          </Link>
        </li>
        <li>
          <button type="button" className="button button-secondary" onClick={signOut}>
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The frame of the console's screens (`/{client}/office/…`): signed out, its sign-in; signed in
 * under another lab's address, the way to the staff member's own; otherwise the menu and the
 * screen (`children`).
 */
export function OfficeLayout({ session, may, clientCode, children }: { session: StaffSession; may: StaffAllowances | null; clientCode: string | undefined; children: ReactNode }) {
  const { signedIn, enrolmentOwed } = useConsoleEvents();
  // Signed in with a password but no second factor yet: the route's loader sends every address to the set-up page.
  if (session.stage === 'enrol') return null;
  if (session.stage !== 'signedIn' || !may) {
    return (
      <StaffSignInScreen
        key={session.stage}
        clientCode={clientCode?.toUpperCase() ?? ''}
        factors={session.stage === 'secondFactor' ? session.factors : null}
        onSignedIn={signedIn}
        onEnrol={enrolmentOwed}
      />
    );
  }
  if (clientCode && clientCode.toUpperCase() !== session.clientCode.toUpperCase()) {
    return (
      <section className="screen screen-narrow" aria-labelledby="office-elsewhere">
        <h1 id="office-elsewhere">
          <Trans>You are signed in to another lab's office</Trans>
        </h1>
        <p>
          <Trans>You are signed in to the billing office of {session.clientName}. Staff see their own lab's office only.</Trans>
        </p>
        <p>
          <a className="button" href={`/${session.clientCode}/office/`}>
            <Trans>Go to {session.clientName}'s office</Trans>
          </a>
        </p>
      </section>
    );
  }
  return (
    <SignedInOffice session={session} may={may}>
      {children}
    </SignedInOffice>
  );
}

/**
 * The console for a signed-in staff member: the menu and the screen, and over them the session's
 * warning or, once it has ended, its sign-in (the screen underneath stays as it was).
 */
function SignedInOffice({ session, may, children }: { session: SignedIn; may: StaffAllowances; children: ReactNode }) {
  // The console's root runs it while signed in (none on the server, nor while the page hydrates).
  const actor = useStaffSessionActor();
  return (
    <div className="office">
      <OfficeMenu session={session} may={may} />
      {children}
      {actor ? <OfficeSessionDialogs actor={actor} clientCode={session.clientCode} /> : null}
    </div>
  );
}
