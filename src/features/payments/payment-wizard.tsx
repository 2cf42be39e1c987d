import { Trans, useLingui } from '@lingui/react/macro';
import { paymentMachine } from '@machines/payment/payment.machine';
import {
  selectBalanceChange,
  selectFailure,
  selectIsReloadingBalances,
  selectPaymentStatus,
  selectPaymentStep,
} from '@machines/payment/payment.selectors';
import type { PaymentStep, StoredPayment } from '@machines/payment/payment.types';
import { Link, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { waitFor } from 'xstate';
import { Screen } from '@/components/screen';
import { processorOrigin } from './processor-origin';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { BalanceChangeNotice } from './balance-change-notice';
import { createCardFrame } from './card-frame';
import { payerEmail, type RenderedFirstStep } from './first-step';
import { PaymentProvider, paymentEvents, usePaymentEvents, usePaymentWizard } from './payment-context';
import { stepOfPath, stepRoutes } from './payment-steps';
import { createPaymentImplementations } from './payment.implementations';
import { readStoredPayment } from './stored-payment';

/** The statuses shown by a step's own page (the card step while paying, the receipt). */
const stepStatuses = new Set(['wizard', 'submitting', 'submitFailed', 'receipt']);

/**
 * The online payment wizard around its steps: it runs the payment machine for as long as the
 * payer is on payment/online, keeps the URL and the machine's step together (links, the
 * browser's back and forward, reloads) and shows the outcomes that are not steps.
 *
 * When the server rendered the first step (`rendered`), the page hydrates the machine as the
 * server left it; once hydrated, the wizard goes on from the tab's progress in session storage,
 * over the account the server loaded (no second call), and the layout of the step does not depend
 * on that progress, so nothing moves.
 */
export function PaymentWizard({ rendered = null }: { rendered?: RenderedFirstStep | null }) {
  const { session, app } = useMachines();
  const navigate = useNavigate();
  const pathname = useMatches({ select: (matches) => matches.at(-1)?.pathname ?? '' });
  const routeStep = stepOfPath(pathname);

  const [wizard, setWizard] = useState(() => {
    const cardFrame = createCardFrame();
    // The browser's effects (the frame's messages, storage, navigation) only ever run in the
    // browser: on the server the machine is only read, never started. `loaded` is the account a
    // machine's first load takes instead of asking: only the resumed machine's, made at once.
    const machineWith = (loaded?: RenderedFirstStep['start']) =>
      import.meta.env.SSR
        ? paymentMachine
        : paymentMachine.provide(
            createPaymentImplementations({
              cardFrame,
              processorOrigin: processorOrigin(),
              messages: window,
              // The machine has told the session first (it asks the server again).
              navigateToSignIn: (redirect) => void navigate({ to: '/{-$client}/login', params: (current) => current, search: { redirect } }),
              currentPath: () => window.location.pathname,
              leaveTo: (url) => window.location.assign(url),
              ...(loaded ? { loaded } : {}),
            }),
          );
    const input = {
      stored: import.meta.env.SSR || rendered ? null : readStoredPayment(),
      requestedStep: routeStep ?? 'amounts',
      accountEmail: payerEmail(session.getSnapshot()),
    };
    // In the app's system: the machine tells the session, found by its system id, when the server ended it.
    const actor = createAppActor(machineWith(), { parent: app, input, ...(rendered ? { snapshot: rendered.snapshot } : {}) });
    // After hydrating the server's snapshot, the machine that goes on from the tab's progress,
    // over the rendered account. Every later load (a new payment, Try again) asks the server.
    const resume = rendered
      ? (stored: StoredPayment) => createAppActor(machineWith(rendered.start), { parent: app, input: { ...input, stored } })
      : null;
    return { actor, cardFrame, resume };
  });
  const { actor } = wizard;
  const { show } = paymentEvents(actor);
  // Never stopped on leaving: the machine has no timers, and a payment in flight must still end
  // and keep its receipt. Starting twice (React's development mode) does nothing.
  // The server's step waits (inert) until the browser's machine runs it, with the tab's progress
  // if any; the wait is lifted on the page itself, as the app lifts the server page's other waits.
  const [waitsOnServerPage] = useState(rendered !== null);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { resume, cardFrame } = wizard;
    const stored = resume ? readStoredPayment() : null;
    if (!resume || stored === null) {
      // Nothing kept in this tab: the machine goes on from the server's snapshot as it is.
      actor.start();
      wrapper.current?.removeAttribute('inert');
      return;
    }
    // The resumed machine takes over once it has its account (at once: it is the rendered one),
    // so the page never shows it loading; the wait is lifted once it shows.
    const next = resume(stored);
    next.start();
    void waitFor(next, (snapshot) => !snapshot.matches('loadingAccount')).then(() => setWizard({ actor: next, cardFrame, resume: null }));
  }, [actor, wizard]);

  const status = useSelector(actor, selectPaymentStatus);
  const machineStep = useSelector(actor, selectPaymentStep);

  // The URL and the machine's step move together. A new URL step (a link, back or forward) is
  // shown when the machine allows it; otherwise, and whenever the machine moves on by itself,
  // the URL follows the machine. Corrections and the first step after loading replace the
  // history entry, so that back never lands on a step that is not open.
  const shownStep = useRef(routeStep);
  const previousMachineStep = useRef<PaymentStep | null>(null);
  useEffect(() => {
    const urlMoved = routeStep !== shownStep.current;
    if (routeStep && urlMoved) show(routeStep);
    shownStep.current = routeStep;
    const current = selectPaymentStep(actor.getSnapshot());
    const firstStep = previousMachineStep.current === null;
    previousMachineStep.current = current;
    if (!current || current === routeStep) return;
    void navigate({
      to: stepRoutes[current],
      params: (params) => params,
      replace: urlMoved || firstStep || current === 'receipt',
    });
  }, [routeStep, machineStep, actor, navigate, show]);

  // The same element while the status holds, so lifting the wait re-renders nothing inside.
  const shown = useMemo(() => (stepStatuses.has(status) ? <Outlet /> : <Outcome />), [status]);
  return (
    <PaymentProvider value={wizard}>
      <div className="payment-wizard" inert={waitsOnServerPage} ref={wrapper}>
        {shown}
      </div>
    </PaymentProvider>
  );
}

/** What the wizard shows when it is not on one of its steps. */
function Outcome() {
  const { actor } = usePaymentWizard();
  const { retry } = usePaymentEvents();
  const { t } = useLingui();
  const status = useSelector(actor, selectPaymentStatus);
  const failure = useSelector(actor, selectFailure);
  const reloadingBalances = useSelector(actor, selectIsReloadingBalances);
  const balanceChange = useSelector(actor, selectBalanceChange);
  const title = <Trans>Online payment</Trans>;

  switch (status) {
    case 'loading':
      return (
        <Screen title={title}>
          <p role="status">
            {reloadingBalances ? (
              <Trans>The balance of an invoice changed since you started, so nothing was charged. Loading the new balances…</Trans>
            ) : (
              <Trans>Loading your invoices…</Trans>
            )}
          </p>
        </Screen>
      );
    case 'loadFailed':
      // Trying again or another way to pay would lead nowhere: the provider has to enable the account.
      if (failure === 'accountDisabled')
        return (
          <Screen title={title}>
            <div role="alert" className="notice notice-error">
              <p>
                <Trans>This account is disabled, so it cannot be paid here. Please contact us about it.</Trans>
              </p>
            </div>
            <div className="actions">
              <Link to="/{-$client}/contact" className="button">
                <Trans>Contact us</Trans>
              </Link>
            </div>
          </Screen>
        );
      return (
        <Screen title={title}>
          <div role="alert" className="notice notice-error">
            <p>
              {failure === 'rejected'
                ? t`Online payment is not available for this account. Please contact us or choose another way to pay.`
                : reloadingBalances
                  ? t`The balance of an invoice changed since you started, so nothing was charged, and we could not load the new balances. Please check your connection and try again.`
                  : t`We could not load your invoices. Please check your connection and try again.`}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="button" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
            <Link to="/{-$client}/payment/other" className="button button-secondary">
              <Trans>Other ways to pay</Trans>
            </Link>
          </div>
        </Screen>
      );
    case 'externalCardPage':
      return (
        <Screen title={title}>
          <p role="status">
            <Trans>Your provider takes card payments on its own secure page. Taking you there…</Trans>
          </p>
        </Screen>
      );
    case 'noOnlinePayments':
      return (
        <Screen title={title}>
          <p>
            <Trans>Your provider does not take payments online. You can still pay by mail or by phone.</Trans>
          </p>
          <div className="actions">
            <Link to="/{-$client}/payment/other" className="button">
              <Trans>Other ways to pay</Trans>
            </Link>
          </div>
        </Screen>
      );
    case 'nothingDue':
      return (
        <Screen title={title}>
          {balanceChange ? <BalanceChangeNotice change={balanceChange} nothingLeft /> : null}
          <p>
            <Trans>You have nothing to pay right now. Thank you!</Trans>
          </p>
          <div className="actions">
            <Link to="/{-$client}/invoices" className="button">
              <Trans>Your invoices</Trans>
            </Link>
          </div>
        </Screen>
      );
    case 'sessionEnded':
      return (
        <Screen title={title}>
          <p role="alert">
            <Trans>Your session has ended, so nothing was charged. Sign in again to finish paying: your choices are kept.</Trans>
          </p>
        </Screen>
      );
    default:
      return null;
  }
}
