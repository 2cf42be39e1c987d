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
import type { ConsoleRefundRequest, PaymentSearchQuery } from '@contracts/console-office';
import type { ApiKeyScope } from '@contracts/office';
import type { WebhookEventType } from '@contracts/payments-out';
import * as office from '@contracts/console-office-endpoints';
import type { Language } from '@contracts/session';
import type { HelpKind } from '@machines/office/patient-help.machine';
import { apiBase, type EndpointCall } from '@contracts/endpoint';
import { apiErrorSchema } from '@contracts/errors';
import { endpointUrl } from '@/lib/api/endpoint-url';
import { ApiError } from '@/lib/api/errors';
import { callEndpoint, observed, readCookie, type CallOptions } from '@/lib/api/http';

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

// Branding (the console-branding-endpoints module).

export const getBranding = (options?: CallOptions) => callEndpoint(brandingEndpoints.getConsoleBranding, options);

export const saveBrandColours = (json: BrandColours) => callEndpoint(brandingEndpoints.setConsoleBrandColours, { json });

export const saveClientSettings = (json: ClientSettings) => callEndpoint(brandingEndpoints.setConsoleClientSettings, { json });

export const removeLogo = () => callEndpoint(brandingEndpoints.removeConsoleLogo);

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
  return observed(
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
  );
}

// Imports (the console-office-endpoints module).

export const listImports = (options?: CallOptions) => callEndpoint(office.listImports, options).then((answer) => answer.imports);

export const getImportReport = (id: number, { signal }: CallOptions = {}) => callEndpoint(office.getImportReport, { params: { id: String(id) }, signal });

/** Where an import's refused rows download as CSV. */
export const importProblemsCsvUrl = (id: number) => `${apiBase}${office.getImportProblemsCsv.path.replace('{id}', String(id))}`;

/** Uploads a statement file; answers its report, imported (201) or refused whole (422). */
export const uploadStatementFile = (file: Blob, fileName: string, { signal, onProgress }: CallOptions & { onProgress?: UploadProgress } = {}) =>
  uploadFile(office.uploadStatement, file, { type: 'text/csv', query: { fileName }, signal, answeredWith: [422], ...(onProgress ? { onProgress } : {}) }).then(({ body }) => body);

// Integrations (the console-office-endpoints module).

export const listApiKeys = (options?: CallOptions) => callEndpoint(office.listApiKeys, options).then((answer) => answer.keys);

export const createApiKey = (json: { name: string; scopes: ApiKeyScope[] }) => callEndpoint(office.createApiKey, { json });

export const revokeApiKey = (prefix: string) => callEndpoint(office.revokeApiKey, { params: { prefix } });

export const listWebhookEndpoints = (options?: CallOptions) => callEndpoint(office.listConsoleWebhookEndpoints, options).then((answer) => answer.endpoints);

export const addWebhookEndpoint = (json: { url: string; eventTypes: WebhookEventType[] }) => callEndpoint(office.addConsoleWebhookEndpoint, { json });

export const rotateWebhookSecret = (id: number) => callEndpoint(office.rotateConsoleWebhookSecret, { params: { id: String(id) } });

export const disableWebhookEndpoint = (id: number) => callEndpoint(office.disableConsoleWebhookEndpoint, { params: { id: String(id) } });

export const sendWebhookTestEvent = (id: number) => callEndpoint(office.sendWebhookTestEvent, { params: { id: String(id) } });

/** The last 200 deliveries, or those that gave up (`failed`). */
export const listWebhookDeliveries = (status: 'failed' | undefined, { signal }: CallOptions = {}) =>
  callEndpoint(office.listConsoleWebhookDeliveries, { query: { status }, signal }).then((answer) => answer.deliveries);

export const replayWebhookEvent = (eventId: string) => callEndpoint(office.replayConsoleWebhookEvent, { params: { eventId } });
