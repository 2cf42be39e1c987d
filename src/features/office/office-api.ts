/**
 * The console's calls, built from their declarations (in contracts/, the console-endpoints module), and the
 * passkey ceremonies in the browser (@simplewebauthn/browser). Loaded with the console's screens
 * only: nothing of it is in the patients' pages.
 */
import type { AuditQuery, InviteStaffRequest, StaffRole } from '@contracts/console';
import * as endpoints from '@contracts/console-endpoints';
import type { ConsoleRefundRequest, PaymentSearchQuery } from '@contracts/console-office';
import * as office from '@contracts/console-office-endpoints';
import type { Language } from '@contracts/session';
import type { HelpKind } from '@machines/office/patient-help.machine';
import { endpointUrl } from '@/lib/api/endpoint-url';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

export const getStaffSession = (options?: CallOptions) => callEndpoint(endpoints.getStaffSession, options);

export const signIn = (json: { clientCode: string; email: string; password: string }, { signal }: CallOptions = {}) =>
  callEndpoint(endpoints.staffSignIn, { json, signal });

export const signInWithCode = (code: string, { signal }: CallOptions = {}) => callEndpoint(endpoints.staffSignInCode, { json: { code }, signal });

export const signOut = () => callEndpoint(endpoints.staffSignOut);

export const acceptInvitation = (json: { token: string; password: string }, { signal }: CallOptions = {}) =>
  callEndpoint(endpoints.acceptStaffInvitation, { json, signal });

export const startAuthenticator = ({ signal }: CallOptions = {}) => callEndpoint(endpoints.startAuthenticatorSetup, { signal });

export const confirmAuthenticator = (code: string, { signal }: CallOptions = {}) =>
  callEndpoint(endpoints.confirmAuthenticatorSetup, { json: { code }, signal }).then((answer) => answer.recoveryCodes);

/** Signs in with a passkey: the options, the device's own prompt, the answer checked by the server. */
export async function signInWithPasskey({ signal }: CallOptions = {}) {
  const options = await callEndpoint(endpoints.staffPasskeyOptions, { signal });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // The options are WebAuthn's JSON as the server's library made them.
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return callEndpoint(endpoints.staffPasskeySignIn, { json: { response: { ...response } }, signal });
}

/** Sets up a passkey: the registration options, the device makes the key, the server keeps it; answers the recovery codes. */
export async function registerPasskey({ signal }: CallOptions = {}): Promise<string[]> {
  const options = await callEndpoint(endpoints.passkeySetupOptions, { signal });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return callEndpoint(endpoints.finishPasskeySetup, { json: { response: { ...response } }, signal }).then((answer) => answer.recoveryCodes);
}

export const listStaff = (options?: CallOptions) => callEndpoint(endpoints.listStaff, options).then((answer) => answer.staff);

export const inviteStaff = (json: InviteStaffRequest, { signal }: CallOptions = {}) => callEndpoint(endpoints.inviteStaff, { json, signal });

export const changeStaffRole = (id: number, role: StaffRole) => callEndpoint(endpoints.changeStaffRole, { params: { id: String(id) }, json: { role } });

export const deactivateStaff = (id: number) => callEndpoint(endpoints.deactivateStaff, { params: { id: String(id) } });

export const searchAudit = (query: Partial<AuditQuery>, { signal }: CallOptions = {}) => callEndpoint(endpoints.getAuditTrail, { query, signal });

/** Where the audit trail as found downloads as CSV. */
export const auditCsvUrl = (query: Partial<AuditQuery>) => endpointUrl(endpoints.getAuditCsv, query);

export const getToday = (options?: CallOptions) => callEndpoint(office.getToday, options);

export const searchAccounts = (q: string, { signal }: CallOptions = {}) => callEndpoint(office.searchAccounts, { query: { q }, signal });

export const getAccountView = (accountNumber: string, { signal }: CallOptions = {}) => callEndpoint(office.getAccountView, { params: { accountNumber }, signal });

/** Where the account's statement downloads as a PDF, in the reader's language. */
export const statementPdfUrl = (accountNumber: string, language: Language) =>
  endpointUrl(office.getAccountStatementPdf, { language }).replace('{accountNumber}', encodeURIComponent(accountNumber));

const helpEndpoints = { resendActivation: office.resendActivationLink, endSessions: office.endUserSessionsOfAccount, clearLock: office.clearSignInLock } as const;

/** A help action for an account's registered user. */
export const helpAccountUser = (kind: HelpKind, accountNumber: string, userId: number) =>
  callEndpoint(helpEndpoints[kind], { params: { accountNumber, userId: String(userId) } });

export const searchPayments = (query: Partial<PaymentSearchQuery>, { signal }: CallOptions = {}) => callEndpoint(office.searchPayments, { query: paymentQueryText(query), signal });

/** Where the payments as found download as CSV (every page). */
export const paymentsCsvUrl = (query: Partial<PaymentSearchQuery>) => endpointUrl(office.getPaymentsCsv, { ...paymentQueryText(query), page: undefined });

export const refundPayment = (confirmationNumber: string, json: ConsoleRefundRequest, idempotencyKey: string) =>
  callEndpoint(office.refundPayment, { params: { confirmationNumber }, json, headers: { 'Idempotency-Key': idempotencyKey } });

/** The payment search as its query's text. */
function paymentQueryText(query: Partial<PaymentSearchQuery>) {
  return {
    from: query.from,
    to: query.to,
    account: query.account,
    amountCents: query.amountCents === undefined ? undefined : String(query.amountCents),
    last4: query.last4,
    page: query.page === undefined ? undefined : String(query.page),
  };
}
