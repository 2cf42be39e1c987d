/**
 * The console's screens behind one route (`/{client}/office/$`): the rest of the address picks the
 * screen, its search is read here, and its data is loaded before it shows. One route rather than
 * one per screen, because every route's definition travels with the patients' first page, and
 * the console must not make that page heavier; all of this loads with the console.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AuditEvent, StaffMember, StaffSession } from '@contracts/console';
import type { ConsoleBranding } from '@contracts/console-branding';
import type { AccountSearch, AccountView, ApiKeyView, PaymentSearch, Today } from '@contracts/console-work';
import type { WebhookEndpointView } from '@contracts/payments-out';
import type { DeliveryLists } from '@machines/console/webhook-endpoints.types';
import type { ImportReport } from '@contracts/partner-api';
import { AccountScreen } from './account-screen';
import { AuditScreen } from './audit-screen';
import { BrandingScreen } from './branding-screen';
import { ImportsScreen } from './imports-screen';
import { IntegrationsAdminOnly, IntegrationsScreen } from './integrations-screen';
import { loadDeliveryLists } from './integrations.implementations';
import { OfficeLayout } from './office-layout';
import { OfficeFailed, officeFailure, type OfficeFailure } from './office-load-failed';
import { getAccountView, getBranding, listApiKeys, listImports, getToday, listStaff, listWebhookEndpoints, searchAccounts, searchAudit, searchPayments } from './office-api';
import { NoAccountScreen, PatientsScreen } from './patients-screen';
import { PaymentsScreen, type PaymentFilters } from './payments-screen';
import { StaffEnrolmentScreen } from './staff-enrolment-screen';
import { Screen } from '@/components/screen';
import { ApiError } from '@/lib/api/errors';
import { forgetLinkToken, takeLinkToken } from '@/lib/link-token';
import { selectStaffAllowances, type StaffAllowances } from './staff-allowances';
import { selectFailure, selectSession, selectStage, type ConsoleStage } from '@machines/console/console.selectors';
import { useConsoleEvents, type ConsoleRoot } from './console-root';
import { StaffScreen } from './staff-screen';
import { TodayScreen } from './today-screen';

type Search = Record<string, unknown>;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The audit trail's search the address keeps: words, and dates of the right shape. */
function auditSearch(search: Search) {
  const query: { q?: string; from?: string; to?: string } = {};
  if (text(search.q) !== '') query.q = text(search.q).slice(0, 100);
  if (isoDate.test(text(search.from))) query.from = text(search.from);
  if (isoDate.test(text(search.to))) query.to = text(search.to);
  return query;
}

/** The payments' search the address keeps: each part of the right shape, the rest left out. */
function paymentsSearch(search: Search): PaymentFilters {
  const query: PaymentFilters = {};
  if (isoDate.test(text(search.from))) query.from = text(search.from);
  if (isoDate.test(text(search.to))) query.to = text(search.to);
  if (text(search.account) !== '') query.account = text(search.account).slice(0, 64);
  if (/^\d{1,10}$/.test(text(search.amountCents))) query.amountCents = Number(text(search.amountCents));
  if (/^\d{4}$/.test(text(search.last4))) query.last4 = text(search.last4);
  if (/^\d{1,6}$/.test(text(search.page)) && Number(text(search.page)) > 1) query.page = Number(text(search.page));
  return query;
}

type SignedIn = Extract<StaffSession, { stage: 'signedIn' }>;

/** A screen, loaded: which, its title (for the tab and the breadcrumbs), and its data (plain, for the server-rendered page). */
export type LoadedScreen = { title: MessageDescriptor } & (
  | { screen: 'today'; today: Today }
  | { screen: 'staff'; staff: StaffMember[] }
  | { screen: 'audit'; query: ReturnType<typeof auditSearch>; found: { events: AuditEvent[]; more: boolean } }
  | { screen: 'patients'; q: string; found: AccountSearch | null }
  | { screen: 'account'; view: AccountView }
  | { screen: 'noAccount'; accountNumber: string }
  | { screen: 'payments'; query: PaymentFilters; found: PaymentSearch }
  | { screen: 'branding'; branding: ConsoleBranding }
  | { screen: 'imports'; imports: Omit<ImportReport, 'problems'>[] }
  | { screen: 'integrations'; keys: ApiKeyView[]; endpoints: WebhookEndpointView[]; deliveries: DeliveryLists }
  | { screen: 'integrationsAdminOnly' }
  | { screen: 'welcome' }
  | { screen: 'failed'; failure: OfficeFailure }
  | { screen: 'notFound' }
);

/** An address under /office/ that names no screen. */
const notFound: LoadedScreen = { screen: 'notFound', title: msg`Page not found` };

/**
 * Loads the screen the address names (`rest`: what follows `/office/`), or nothing while signed
 * out (the console's frame shows the sign-in instead). An unknown screen is not found.
 */
export async function loadOfficeScreen(rest: string, search: Search, session: StaffSession | undefined, may: StaffAllowances | null, signal: AbortSignal): Promise<LoadedScreen | null> {
  const path = rest.replace(/\/+$/, '');
  // Setting up a sign-in, whatever the session: from the invitation link, or a second factor after the password.
  if (path === 'welcome') return { screen: 'welcome', title: msg`Set up your sign-in` };
  if (session?.stage !== 'signedIn' || !may) return null;
  const [screen = '', detail, ...more] = path.split('/');
  if (more.length > 0) return notFound;
  if (screen === '' && detail === undefined) return { screen: 'today', title: msg`Today`, today: await getToday({ signal }) };
  if (screen === 'staff' && detail === undefined) return { screen: 'staff', title: msg`Staff`, staff: await listStaff({ signal }) };
  if (screen === 'audit' && detail === undefined) {
    const query = auditSearch(search);
    return { screen: 'audit', title: msg`Audit trail`, query, found: await searchAudit(query, { signal }) };
  }
  if (screen === 'patients' && detail === undefined) {
    const q = text(search.q).slice(0, 100);
    return { screen: 'patients', title: msg`Patients`, q, found: q === '' ? null : await searchAccounts(q, { signal }) };
  }
  if (screen === 'patients' && detail !== undefined) {
    const accountNumber = decodeURIComponent(detail);
    try {
      return { screen: 'account', title: msg`Account`, view: await getAccountView(accountNumber, { signal }) };
    } catch (error) {
      // A mistyped number, or another lab's: the server answers the same for both.
      if (error instanceof ApiError && error.code === 'notFound') return { screen: 'noAccount', title: msg`Account`, accountNumber };
      throw error;
    }
  }
  if (screen === 'payments' && detail === undefined) {
    const query = paymentsSearch(search);
    return { screen: 'payments', title: msg`Payments`, query, found: await searchPayments(query, { signal }) };
  }
  if (screen === 'branding' && detail === undefined) return { screen: 'branding', title: msg`Branding`, branding: await getBranding({ signal }) };
  if (screen === 'imports' && detail === undefined) return { screen: 'imports', title: msg`Imports`, imports: await listImports({ signal }) };
  if (screen === 'integrations' && detail === undefined) {
    // Office admins' only: anyone else is told so (the server refuses them too).
    if (!may.manageIntegrations) return { screen: 'integrationsAdminOnly', title: msg`Integrations` };
    const [keys, endpoints, deliveries] = await Promise.all([listApiKeys({ signal }), listWebhookEndpoints({ signal }), loadDeliveryLists({ signal })]);
    return { screen: 'integrations', title: msg`Integrations`, keys, endpoints, deliveries };
  }
  return notFound;
}

/**
 * The set-up page (`/{client}/office/welcome`): `enrolling` when a password is set and the second
 * factor is still to come. Once done, the console's root learns who is signed in, and the console opens.
 */
export function OfficeWelcome({ enrolling, clientCode }: { enrolling: boolean; clientCode: string | undefined }) {
  const { enrolled } = useConsoleEvents();
  // The invitation's token travels in the link's fragment (`#token=…`), which no server sees: the
  // browser takes it out of the address once the page is there (undefined until then, as on the server).
  const token = useSyncExternalStore(noChanges, takeInvitationToken, () => undefined);
  if (token === undefined && !enrolling) {
    return (
      <Screen title={<Trans>Set up your sign-in</Trans>} narrow>
        <p role="status">
          <Trans>Opening your invitation…</Trans>
        </p>
      </Screen>
    );
  }
  return (
    <StaffEnrolmentScreen
      token={token ?? null}
      enrolling={enrolling}
      signInPath={clientCode ? `/${clientCode}/office/` : '/office/'}
      onDone={() => {
        forgetLinkToken(INVITATION_TOKEN_KEY);
        enrolled();
      }}
    />
  );
}

/** Where this tab keeps the invitation's token until it is spent. */
const INVITATION_TOKEN_KEY = 'officeInvitationToken';
const takeInvitationToken = () => takeLinkToken(INVITATION_TOKEN_KEY);
/** The token never changes while the page is open: nothing to subscribe to. */
const noChanges = () => () => undefined;

/** The console as its route loads it: the staff session, and the screen the address names (none while signed out). */
export interface LoadedOffice {
  /** The screen's title, for the tab and the breadcrumbs. */
  title: MessageDescriptor;
  /** What the console's root shows for the staff session. */
  stage: ConsoleStage;
  session: StaffSession;
  /** What the signed-in staff member may do, computed once from their role (null until signed in). */
  may: StaffAllowances | null;
  screen: LoadedScreen | null;
}

/**
 * The screen the address names (`rest`: what follows `/office/`) for the staff session as the
 * console's root settled it: the root's session and role (what the staff member may do, from the
 * role's tag). A screen that fails to load shows why within the console, its menu still there.
 */
export async function loadOffice(root: ConsoleRoot, rest: string, search: Search, signal: AbortSignal): Promise<LoadedOffice> {
  const settled = root.getSnapshot();
  // Not even the session could be learned: the route's error screen says so, with Try again.
  if (selectStage(settled) === 'unavailable') throw new ApiError(selectFailure(settled) ?? 'serverError', null);
  const stage = selectStage(settled) ?? 'signedOut';
  const session = selectSession(settled);
  const may = selectStaffAllowances(settled);
  let screen: LoadedScreen | null;
  try {
    screen = await loadOfficeScreen(rest, search, session, may, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    screen = { screen: 'failed', title: msg`Billing office`, failure: officeFailure(error) };
  }
  return { title: screen?.title ?? msg`Billing office`, stage, session, may, screen };
}

/**
 * The console's frame as last shown in this tab (written after it renders, so never on the server):
 * while the next screen loads, its menu stays.
 */
let lastFrame: { session: StaffSession; may: StaffAllowances | null; clientCode: string | undefined } | null = null;

/** What the console shows while a screen loads: its frame and menu as they were, the screen's place empty (the loading overlay speaks). */
export function OfficePending() {
  if (lastFrame?.session.stage !== 'signedIn') return null;
  return (
    <OfficeLayout session={lastFrame.session} may={lastFrame.may} clientCode={lastFrame.clientCode}>
      {null}
    </OfficeLayout>
  );
}

/**
 * The console: the set-up page, or the frame (sign-in, or menu and screen) with the loaded screen;
 * `notFound` for an address under /office/ that names no screen.
 */
export function OfficeRoute({ office: { stage, session, may, screen }, clientCode, notFound }: { office: LoadedOffice; clientCode: string | undefined; notFound: ReactNode }) {
  useEffect(() => {
    lastFrame = { session, may, clientCode };
  }, [session, may, clientCode]);
  if (screen?.screen === 'welcome') return <OfficeWelcome enrolling={stage === 'enrolling'} clientCode={clientCode} />;
  return (
    <OfficeLayout session={session} may={may} clientCode={clientCode}>
      {screen === null || session.stage !== 'signedIn' || !may ? null : screen.screen === 'notFound' ? notFound : <OfficeScreen loaded={screen} session={session} may={may} />}
    </OfficeLayout>
  );
}

/** The loaded screen, for the signed-in staff member. */
export function OfficeScreen({ loaded, session, may }: { loaded: LoadedScreen; session: SignedIn; may: StaffAllowances }) {
  switch (loaded.screen) {
    case 'branding':
      return <BrandingScreen branding={loaded.branding} canEdit={may.editBranding} clientName={session.clientName} />;
    case 'imports':
      return <ImportsScreen imports={loaded.imports} canUpload={may.importStatements} />;
    case 'integrations':
      return <IntegrationsScreen keys={loaded.keys} endpoints={loaded.endpoints} deliveries={loaded.deliveries} />;
    case 'integrationsAdminOnly':
      return <IntegrationsAdminOnly />;
    case 'failed':
      return <OfficeFailed failure={loaded.failure} />;
    case 'welcome':
    case 'notFound':
      // The route shows the portal's not-found screen for it.
      return null;
    case 'today':
      return <TodayScreen today={loaded.today} />;
    case 'staff':
      return <StaffScreen staff={loaded.staff} ownEmail={session.email} />;
    case 'audit':
      return <AuditScreen key={JSON.stringify(loaded.query)} events={loaded.found.events} more={loaded.found.more} query={loaded.query} />;
    case 'patients':
      return <PatientsScreen key={loaded.q} q={loaded.q} found={loaded.found} />;
    case 'noAccount':
      return <NoAccountScreen accountNumber={loaded.accountNumber} clientName={session.clientName} />;
    case 'account':
      return <AccountScreen key={loaded.view.account.accountNumber} view={loaded.view} canHelp={may.helpPatients} />;
    case 'payments':
      return (
        <PaymentsScreen
          key={JSON.stringify(loaded.query)}
          payments={loaded.found.payments}
          more={loaded.found.more}
          query={loaded.query}
          canRefund={may.refund}
        />
      );
  }
}
