import { Trans } from '@lingui/react/macro';
import { selectSessionMenu } from '@machines/session/session.selectors';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useMachines } from '@/lib/machines';
import { usePayTarget } from '@/lib/use-pay-target';
import { useSessionEvents } from '@/lib/use-session-events';

/**
 * The signed-in menu: account and payment items by role, the account-disabled rules, and the
 * online-payment rule (the client accepts payments; an external card link replaces the page).
 */
export function SignedInMenu() {
  const { session } = useMachines();
  const { logOut } = useSessionEvents();
  const allowed = useSelector(session, selectSessionMenu, shallowEqual);
  const payTarget = usePayTarget();

  // Online payment shows where the pay target is a card page: the wizard or the client's own.
  const showOnlinePayment = payTarget.kind === 'wizard' || payTarget.kind === 'externalCardPage';
  const showOtherPayment = allowed.otherPayment;

  return (
    <div className="menu" data-testid="menu-signed-in">
      <ul>
        <li>
          <Link to="/{-$client}" activeOptions={{ exact: true }}>
            <Trans>Home</Trans>
          </Link>
        </li>
        <li>
          <button type="button" className="menu-button" onClick={logOut}>
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
      <MenuSection title={<Trans>Account</Trans>} id="menu-account">
        {allowed.viewInvoices && (
          <li>
            <Link to="/{-$client}/invoices">
              <Trans>View invoices</Trans>
            </Link>
          </li>
        )}
        {allowed.memberInformation && (
          <li>
            <Link to="/{-$client}/member">
              <Trans>Member information</Trans>
            </Link>
          </li>
        )}
        {allowed.documents && (
          <li>
            <Link to="/{-$client}/documents">
              <Trans>Documents</Trans>
            </Link>
          </li>
        )}
        {allowed.updateEmail && (
          <li>
            <Link to="/{-$client}/email">
              <Trans>Update email</Trans>
            </Link>
          </li>
        )}
        {allowed.updatePassword && (
          <li>
            <Link to="/{-$client}/password">
              <Trans>Update password</Trans>
            </Link>
          </li>
        )}
        {allowed.switchClients && (
          <li>
            <Link to="/{-$client}/switch/clients">
              <Trans>Switch provider</Trans>
            </Link>
          </li>
        )}
      </MenuSection>
      {(showOnlinePayment || showOtherPayment) && (
        <MenuSection title={<Trans>Payments</Trans>} id="menu-payments">
          {showOnlinePayment && (
            <li>
              {payTarget.kind === 'externalCardPage' ? (
                <a href={payTarget.url} rel="noopener noreferrer">
                  <Trans>Online payment</Trans>
                </a>
              ) : (
                <Link to="/{-$client}/payment/online">
                  <Trans>Online payment</Trans>
                </Link>
              )}
            </li>
          )}
          {showOtherPayment && (
            <li>
              <Link to="/{-$client}/payment/other">
                <Trans>Other payment methods</Trans>
              </Link>
            </li>
          )}
        </MenuSection>
      )}
      <ul>
        <li>
          <Link to="/{-$client}/contact">
            <Trans>Contact us</Trans>
          </Link>
        </li>
      </ul>
    </div>
  );
}

function MenuSection({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="menu-heading">
        {title}
      </h2>
      <ul>{children}</ul>
    </section>
  );
}
