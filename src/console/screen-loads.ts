/**
 * The console's screens' data, each loaded by its own route (src/routes/{-$client}/office/…)
 * from the frame its layout's guard settled: nothing while signed out (the frame shows the
 * sign-in instead), and a screen that fails to load says why within the console, its menu still there.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditQuery, PaymentSearchQuery } from '@contracts/console-search';
import { ApiError } from '@/lib/api/errors';
import { loadOnce } from '@/lib/rendered-loader-data';
import type { ConsoleFrame } from './console-guard';
import { loadDeliveryLists } from './integrations.implementations';
import { officeFailure, type OfficeFailure } from './office-load-failed';
import { getAccountView, getBranding, getToday, listApiKeys, listImports, listStaff, listWebhookEndpoints, searchAccounts, searchAudit, searchPayments } from './office-api';
import type { SignedInStaff } from '@machines/console/console.types';
import type { StaffAllowances } from './staff-allowances';

/** A signed-in staff member's frame: who, and what they may do. */
export interface SignedInFrame {
  session: SignedInStaff;
  may: StaffAllowances;
}

/**
 * A screen as its route loaded it: signed out (the tab names the console), its data with the
 * signed-in frame, or why it failed. Plain data: a server-rendered page hands it to the browser.
 */
export type ScreenLoad<T> =
  | { shown: 'signedOut'; title: MessageDescriptor }
  | ({ shown: 'screen'; data: T } & SignedInFrame)
  | { shown: 'failed'; title: MessageDescriptor; failure: OfficeFailure };

/** What a screen's route loaded with `load` (the router's own typing of loader data does not reach its routes' views). */
export type Loaded<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** Loads a screen's data (once after a server-rendered page: the server's) for the signed-in staff member. */
async function loadScreen<T>(routeId: string, frame: ConsoleFrame, signal: AbortSignal, load: (signedIn: SignedInFrame) => Promise<T>): Promise<ScreenLoad<T>> {
  return loadOnce(routeId, async (): Promise<ScreenLoad<T>> => {
    const { session, may } = frame;
    if (session.stage !== 'signedIn' || !may) return { shown: 'signedOut', title: msg`Billing office` };
    try {
      return { shown: 'screen', data: await load({ session, may }), session, may };
    } catch (error) {
      if (signal.aborted) throw error;
      return { shown: 'failed', title: msg`Billing office`, failure: officeFailure(error) };
    }
  });
}

export const loadToday = (frame: ConsoleFrame, signal: AbortSignal) => loadScreen('/{-$client}/office/', frame, signal, () => getToday({ signal }));

export const loadStaff = (frame: ConsoleFrame, signal: AbortSignal) => loadScreen('/{-$client}/office/staff', frame, signal, () => listStaff({ signal }));

export const loadAudit = (frame: ConsoleFrame, query: Partial<AuditQuery>, signal: AbortSignal) =>
  loadScreen('/{-$client}/office/audit', frame, signal, () => searchAudit(query, { signal }));

/** The Patients screen: what was searched for, if anything. */
export const loadPatients = (frame: ConsoleFrame, q: string | undefined, signal: AbortSignal) =>
  loadScreen('/{-$client}/office/patients/', frame, signal, async () => (q === undefined ? null : searchAccounts(q, { signal })));

/** An account's page; a mistyped number, or another lab's, is not found (the server answers the same for both). */
export const loadAccount = (frame: ConsoleFrame, accountNumber: string, signal: AbortSignal) =>
  loadScreen('/{-$client}/office/patients/$accountNumber', frame, signal, async () => {
    try {
      return { found: true as const, view: await getAccountView(accountNumber, { signal }) };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'notFound') return { found: false as const, accountNumber };
      throw error;
    }
  });

export const loadPayments = (frame: ConsoleFrame, query: Partial<PaymentSearchQuery>, signal: AbortSignal) =>
  loadScreen('/{-$client}/office/payments', frame, signal, () => searchPayments(query, { signal }));

export const loadBranding = (frame: ConsoleFrame, signal: AbortSignal) => loadScreen('/{-$client}/office/branding', frame, signal, () => getBranding({ signal }));

export const loadImports = (frame: ConsoleFrame, signal: AbortSignal) => loadScreen('/{-$client}/office/imports', frame, signal, () => listImports({ signal }));

/** Office admins' only: anyone else is told so (the server refuses them too). */
export const loadIntegrations = (frame: ConsoleFrame, signal: AbortSignal) =>
  loadScreen('/{-$client}/office/integrations', frame, signal, async ({ may }) => {
    if (!may.manageIntegrations) return null;
    const [keys, endpoints, deliveries] = await Promise.all([listApiKeys({ signal }), listWebhookEndpoints({ signal }), loadDeliveryLists({ signal })]);
    return { keys, endpoints, deliveries };
  });

/** An address under /office/ that names no screen: the portal's not-found screen, within the console. */
export const loadNotFound = (frame: ConsoleFrame, signal: AbortSignal) => loadScreen('/{-$client}/office/$', frame, signal, () => Promise.resolve(null));
