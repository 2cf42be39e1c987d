/**
 * The console's calls, built from their declarations (in contracts/, the console-endpoints module), and the
 * passkey ceremonies in the browser (@simplewebauthn/browser). Loaded with the console's screens
 * only: nothing of it is in the patients' pages.
 */
import * as v from 'valibot';
import type { BrandColours } from '@contracts/branding';
import type { ClientSettings } from '@contracts/console-branding';
import * as brandingEndpoints from '@contracts/console-branding-endpoints';
import type { AuditQuery, InviteStaffRequest, StaffRole } from '@contracts/console';
import * as endpoints from '@contracts/console-endpoints';
import type { ConsoleRefundRequest, PaymentSearchQuery } from '@contracts/console-work';
import type { ApiKeyScope } from '@contracts/partner-api';
import type { WebhookEventType } from '@contracts/payments-out';
import * as office from '@contracts/console-work-endpoints';
import type { Language } from '@contracts/session';
import type { HelpKind } from '@machines/console/patient-help.types';
import { apiBase, type EndpointCall } from '@contracts/endpoint';
import { apiErrorSchema } from '@contracts/errors';
import { endpointUrl } from '@/lib/api/endpoint-url';
import { ApiError } from '@/lib/api/errors';
import { callEndpoint, observed, readCookie, type CallOptions } from '@/lib/api/http';

/** Who hears of a console call refused because the staff session has ended. */
const sessionEndedListeners = new Set<() => void>();

/** Listens for console calls refused because the staff session has ended (401 notSignedIn); returns the way to stop. */
export function onStaffSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

const isSessionEnded = (error: unknown) => error instanceof ApiError && error.code === 'notSignedIn';

/** Tells the listeners when a call's refusal says the staff session has ended, and passes the refusal on to the caller. */
function watched<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (isSessionEnded(error)) for (const listener of sessionEndedListeners) listener();
    throw error;
  });
}

/**
 * A call of a signed-in staff member's: as `callEndpoint`, and a refusal because the session has
 * ended is heard by the console, which offers to sign in again over the screen. The sign-in steps'
 * own 401s (a wrong password, a sign-in that ran out) do not go through here.
 */
const consoleCall: typeof callEndpoint = (endpoint, ...request) => watched(callEndpoint(endpoint, ...request));

export const getStaffSession = (options?: CallOptions) => callEndpoint(endpoints.getStaffSession, options);

/** How long the staff session has left, and whether to warn (asking never extends it). */
export const getStaffTimeLeft = ({ signal }: CallOptions = {}) => callEndpoint(endpoints.getStaffSessionTimeLeft, { signal });

/** Stay signed in: the session's idle time counted afresh. */
export const extendStaffSession = ({ signal }: CallOptions = {}) => callEndpoint(endpoints.extendStaffSession, { signal });

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

export const listStaff = (options?: CallOptions) => consoleCall(endpoints.listStaff, options).then((answer) => answer.staff);

export const inviteStaff = (json: InviteStaffRequest, { signal }: CallOptions = {}) => consoleCall(endpoints.inviteStaff, { json, signal });

export const changeStaffRole = (id: number, role: StaffRole) => consoleCall(endpoints.changeStaffRole, { params: { id: String(id) }, json: { role } });

export const deactivateStaff = (id: number) => consoleCall(endpoints.deactivateStaff, { params: { id: String(id) } });

export const searchAudit = (query: Partial<AuditQuery>, { signal }: CallOptions = {}) => consoleCall(endpoints.getAuditTrail, { query, signal });

/** Where the audit trail as found downloads as CSV. */
export const auditCsvUrl = (query: Partial<AuditQuery>) => endpointUrl(endpoints.getAuditCsv, query);

export const getToday = (options?: CallOptions) => consoleCall(office.getToday, options);

export const searchAccounts = (q: string, { signal }: CallOptions = {}) => consoleCall(office.searchAccounts, { query: { q }, signal });

export const getAccountView = (accountNumber: string, { signal }: CallOptions = {}) => consoleCall(office.getAccountView, { params: { accountNumber }, signal });

/** Where the account's statement downloads as a PDF, in the reader's language. */
export const statementPdfUrl = (accountNumber: string, language: Language) =>
  endpointUrl(office.getAccountStatementPdf, { language }).replace('{accountNumber}', encodeURIComponent(accountNumber));

const helpEndpoints = { resendActivation: office.resendActivationLink, endSessions: office.endUserSessionsOfAccount, clearLock: office.clearSignInLock } as const;

/** A help action for an account's registered user. */
export const helpAccountUser = (kind: HelpKind, accountNumber: string, userId: number) =>
  consoleCall(helpEndpoints[kind], { params: { accountNumber, userId: String(userId) } });

export const searchPayments = (query: Partial<PaymentSearchQuery>, { signal }: CallOptions = {}) => consoleCall(office.searchPayments, { query: paymentQueryText(query), signal });

/** Where the payments as found download as CSV (every page). */
export const paymentsCsvUrl = (query: Partial<PaymentSearchQuery>) => endpointUrl(office.getPaymentsCsv, { ...paymentQueryText(query), page: undefined });

export const refundPayment = (confirmationNumber: string, json: ConsoleRefundRequest, idempotencyKey: string) =>
  consoleCall(office.refundPayment, { params: { confirmationNumber }, json, headers: { 'Idempotency-Key': idempotencyKey } });

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

// Branding (the console-branding-endpoints module).

export const getBranding = (options?: CallOptions) => consoleCall(brandingEndpoints.getConsoleBranding, options);

export const saveBrandColours = (json: BrandColours) => consoleCall(brandingEndpoints.setConsoleBrandColours, { json });

export const saveClientSettings = (json: ClientSettings) => consoleCall(brandingEndpoints.setConsoleClientSettings, { json });

export const removeLogo = () => consoleCall(brandingEndpoints.removeConsoleLogo);

export const uploadLogo = (file: Blob, type: string, { signal }: CallOptions = {}) =>
  uploadFile(brandingEndpoints.uploadConsoleLogo, file, { type, signal }).then(({ body }) => body);

/** An upload's progress: bytes sent of the total. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * POSTs a file as it is (its own media type) to a declared endpoint, with the anti-forgery token,
 * reporting the browser's progress as it sends (fetch cannot; XMLHttpRequest can). Resolves with the
 * status and the JSON answer checked against the declaration when the status is 2xx or one of
 * `answeredWith` (an import refused whole still answers its report); otherwise rejects with an
 * ApiError, as every call does.
 */
export function uploadFile<D extends EndpointCall & { response: v.GenericSchema }>(
  endpoint: D,
  file: Blob,
  { type, query = {}, signal, onProgress, answeredWith = [] }: { type: string; query?: Record<string, string>; signal?: AbortSignal | undefined; onProgress?: UploadProgress; answeredWith?: number[] },
): Promise<{ status: number; body: v.InferOutput<D['response']> }> {
  return watched(observed(
    () =>
      new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        const search = new URLSearchParams(query).toString();
        request.open('POST', `${apiBase}${endpoint.path}${search ? `?${search}` : ''}`);
        request.setRequestHeader('Content-Type', type);
        const token = readCookie('XSRF-TOKEN');
        if (token) request.setRequestHeader('X-XSRF-TOKEN', token);
        request.responseType = 'text';
        request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
        request.onerror = () => reject(new ApiError('network', null));
        request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
        request.onload = () => {
          const body: unknown = (() => {
            try {
              return JSON.parse(request.responseText) as unknown;
            } catch {
              return null;
            }
          })();
          if ((request.status >= 200 && request.status < 300) || answeredWith.includes(request.status)) {
            const parsed = v.safeParse(endpoint.response, body);
            if (parsed.success) resolve({ status: request.status, body: parsed.output as v.InferOutput<D['response']> });
            else reject(new ApiError('malformedResponse', request.status, { cause: parsed.issues }));
            return;
          }
          const error = v.safeParse(apiErrorSchema, body);
          reject(new ApiError(error.success ? error.output.error : 'serverError', request.status, { body }));
        };
        signal?.addEventListener('abort', () => request.abort(), { once: true });
        request.send(file);
      }),
  ));
}

// Imports (declared in the console-work-endpoints contract).

export const listImports = (options?: CallOptions) => consoleCall(office.listImports, options).then((answer) => answer.imports);

export const getImportReport = (id: number, { signal }: CallOptions = {}) => consoleCall(office.getImportReport, { params: { id: String(id) }, signal });

/** Where an import's refused rows download as CSV. */
export const importProblemsCsvUrl = (id: number) => `${apiBase}${office.getImportProblemsCsv.path.replace('{id}', String(id))}`;

/** Uploads a statement file; answers its report, imported (201) or refused whole (422). */
export const uploadStatementFile = (file: Blob, fileName: string, { signal, onProgress }: CallOptions & { onProgress?: UploadProgress } = {}) =>
  uploadFile(office.uploadStatement, file, { type: 'text/csv', query: { fileName }, signal, answeredWith: [422], ...(onProgress ? { onProgress } : {}) }).then(({ body }) => body);

// Integrations (declared in the console-work-endpoints contract).

export const listApiKeys = (options?: CallOptions) => consoleCall(office.listApiKeys, options).then((answer) => answer.keys);

export const createApiKey = (json: { name: string; scopes: ApiKeyScope[] }) => consoleCall(office.createApiKey, { json });

export const revokeApiKey = (prefix: string) => consoleCall(office.revokeApiKey, { params: { prefix } });

export const listWebhookEndpoints = (options?: CallOptions) => consoleCall(office.listConsoleWebhookEndpoints, options).then((answer) => answer.endpoints);

export const addWebhookEndpoint = (json: { url: string; eventTypes: WebhookEventType[] }) => consoleCall(office.addConsoleWebhookEndpoint, { json });

export const rotateWebhookSecret = (id: number) => consoleCall(office.rotateConsoleWebhookSecret, { params: { id: String(id) } });

export const disableWebhookEndpoint = (id: number) => consoleCall(office.disableConsoleWebhookEndpoint, { params: { id: String(id) } });

export const sendWebhookTestEvent = (id: number) => consoleCall(office.sendWebhookTestEvent, { params: { id: String(id) } });

/** The last 200 deliveries, or those that gave up (`failed`). */
export const listWebhookDeliveries = (status: 'failed' | undefined, { signal }: CallOptions = {}) =>
  consoleCall(office.listConsoleWebhookDeliveries, { query: { status }, signal }).then((answer) => answer.deliveries);

export const replayWebhookEvent = (eventId: string) => consoleCall(office.replayConsoleWebhookEvent, { params: { eventId } });
