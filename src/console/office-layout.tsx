import { Trans, useLingui } from '@lingui/react/macro';
import type { StaffSession } from '@contracts/console';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OfficeLink, useOfficeNavigate } from './office-navigation';
import { StaffSignInScreen } from './staff-sign-in-screen';
import { useRoleName } from './office-messages';
import { signOut } from './office-api';
import { focusHeadingWhenShown } from '@/lib/focus-heading';
import { OfficeSessionDialogs, useStaffSession } from './office-session';
import type { StaffAllowances } from './staff-allowances';

type SignedIn = Extract<StaffSession, { stage: 'signedIn' }>;

/** The console's menu: its screens (those of the staff member's role), who is signed in, and signing out. */
function OfficeMenu({ session, may, onSignedOut }: { session: SignedIn; may: StaffAllowances; onSignedOut: () => void }) {
  const { t } = useLingui();
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
          <OfficeLink screen="" exact>
            <Trans>Today</Trans>
          </OfficeLink>
        </li>
        <li>
          <OfficeLink screen="patients">
            <Trans>Patients</Trans>
          </OfficeLink>
        </li>
        <li>
          <OfficeLink screen="payments">
            <Trans>Payments</Trans>
          </OfficeLink>
        </li>
        <li>
          <OfficeLink screen="imports">
            <Trans>Imports</Trans>
          </OfficeLink>
        </li>
        {may.manageIntegrations ? (
          <li>
            <OfficeLink screen="integrations">
              <Trans>Integrations</Trans>
            </OfficeLink>
          </li>
        ) : null}
        <li>
          <OfficeLink screen="branding">
            <Trans>Branding</Trans>
          </OfficeLink>
        </li>
        {may.manageStaff ? (
          <li>
            <OfficeLink screen="staff">
              <Trans>Staff</Trans>
            </OfficeLink>
          </li>
        ) : null}
        <li>
          <OfficeLink screen="audit">
            <Trans>Audit trail</Trans>
          </OfficeLink>
        </li>
        <li>
          <button type="button" className="button button-secondary" onClick={() => void signOut().finally(onSignedOut)}>
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
  const router = useRouter();
  const open = useOfficeNavigate();
  // Signed in or out, the page becomes another screen at the same address: the focus goes to its
  // heading, as after a navigation, rather than to the page's body with the form that had it.
  const refresh = () => {
    const main = document.getElementById('main-content');
    const stop = main ? focusHeadingWhenShown(main) : () => undefined;
    router.invalidate().catch(stop);
  };
  // Signed in with a password but no second factor yet: the route's loader sends every address to the set-up page.
  if (session.stage === 'enrol') return null;
  if (session.stage !== 'signedIn' || !may) {
    return (
      <StaffSignInScreen
        key={session.stage}
        clientCode={clientCode?.toUpperCase() ?? ''}
        factors={session.stage === 'secondFactor' ? session.factors : null}
        onSignedIn={refresh}
        onEnrol={() => open('welcome')}
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
    <SignedInOffice session={session} may={may} onSignedOut={refresh}>
      {children}
    </SignedInOffice>
  );
}

/**
 * The console for a signed-in staff member: the menu and the screen, and over them the session's
 * warning or, once it has ended, its sign-in (the screen underneath stays as it was).
 */
function SignedInOffice({ session, may, onSignedOut, children }: { session: SignedIn; may: StaffAllowances; onSignedOut: () => void; children: ReactNode }) {
  const actor = useStaffSession({ email: session.email, secondsLeft: session.idleSeconds, onSignedOut, home: `/${session.clientCode}/office/` });
  return (
    <div className="office">
      <OfficeMenu session={session} may={may} onSignedOut={onSignedOut} />
      {children}
      <OfficeSessionDialogs actor={actor} clientCode={session.clientCode} />
    </div>
  );
}
