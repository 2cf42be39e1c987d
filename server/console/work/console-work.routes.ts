/**
 * The console's office work (contracts/console-work-endpoints.ts): Today, Patients, Payments,
 * Imports and Integrations. Each call passes `requireStaff` first (its role, the audit trail); the
 * staff session names the client, and nothing here takes a client from the request: something of
 * another client is a 404. The work is the patients' and the partner API's own services: refunds,
 * the statement import, API keys and webhooks are the same code whoever calls.
 */
import { Hono, type Context } from 'hono';
import {
  addConsoleWebhookEndpoint,
  clearSignInLock,
  createApiKey,
  disableConsoleWebhookEndpoint,
  endUserSessionsOfAccount,
  getAccountStatementPdf,
  getAccountView,
  getImportProblemsCsv,
  getImportReport,
  getPaymentsCsv,
  getToday,
  listApiKeys,
  listConsoleWebhookDeliveries,
  listConsoleWebhookEndpoints,
  listImports,
  refundPayment,
  replayConsoleWebhookEvent,
  resendActivationLink,
  revokeApiKey,
  rotateConsoleWebhookSecret,
  searchAccounts,
  searchPayments,
  sendWebhookTestEvent,
  uploadStatement,
} from '@contracts/console-work-endpoints';
import type { ApiKeyView, PaymentSearchQuery } from '@contracts/console-work';
import { maxBodyBytesOf } from '@contracts/endpoint';
import type { ImportReport } from '@contracts/partner-api';
import { defaultLanguage } from '@contracts/session';
import { sourceAddress } from '../../http/client-address';
import { csvDownload } from '../../http/csv-download';
import { route } from '../../http/endpoint-routes';
import { ApiError, errorResponse } from '../../http/errors';
import type { AppEnv, StaffEnv } from '../../http/types';
import type { AccountRow } from '../../core/accounts/accounts.service';
import { pdfAttachment } from '../../http/pdf-download';
import type { DocumentsService } from '../../core/documents/documents.service';
import { statementFileName } from '../../core/documents/file-names';
import { renderStatementPdf } from '../../core/documents/statement-pdf';
import { keyLabel, type ApiKeyListing, type ApiKeysService } from '../../core/api-keys/api-keys.service';
import { refusalAnswers } from '../../core/payments/refund-refusals';
import type { RefundsService } from '../../core/payments/refunds.service';
import type { RegistrationService } from '../../core/registration/registration.service';
import type { ImportReports } from '../../core/statements/import-reports';
import type { StatementImport } from '../../core/statements/statement-import';
import { importCsvBody, isCsvRequest, problemsCsvAnswer } from '../../core/statements/statement-requests';
import type { WebhookEndpointsService } from '../../core/webhooks/webhook-endpoints.service';
import type { ConsoleWorkService } from './console-work.service';

export interface ConsoleWorkRoutesDeps {
  work: ConsoleWorkService;
  documents: DocumentsService;
  registration: RegistrationService;
  refunds: RefundsService;
  imports: StatementImport;
  reports: ImportReports;
  apiKeys: ApiKeysService;
  webhooks: WebhookEndpointsService;
  /** Where emailed links point; else the request's own origin. */
  portalOrigin: string | undefined;
}

/** A payments search as the audit trail says it: its days, account, amount and last four, as given. */
const searchOf = (query: PaymentSearchQuery) => [query.from, query.to, query.account, query.amountCents, query.last4].filter((part) => part !== undefined && part !== '').join(' ');

const keyView = (key: ApiKeyListing): ApiKeyView => ({
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

export function createConsoleWorkRoutes(deps: ConsoleWorkRoutesDeps): Hono<AppEnv> {
  const { work, documents, registration, refunds, imports, reports, apiKeys, webhooks, portalOrigin } = deps;
  const routes = new Hono<AppEnv>();

  /** The staff session's client's account in the path, named in the audit entry; 404 when the client has none. */
  async function accountOf(c: Context<StaffEnv>, accountNumber: string): Promise<AccountRow> {
    c.set('auditNote', { ...c.var.auditNote, accountNumber });
    const account = await work.account(c.var.staff.clientId, accountNumber);
    if (!account) throw new ApiError(404, 'notFound');
    return account;
  }

  /** The registered user of the account in the path, named in the audit entry; 404 when not a user of it. */
  async function accountUserOf(c: Context<StaffEnv>, params: { accountNumber: string; userId: number }) {
    const account = await accountOf(c, params.accountNumber);
    const user = await work.accountUser(account.clientId, account.accountNumber, params.userId);
    if (!user) throw new ApiError(404, 'notFound');
    c.set('auditNote', { ...c.var.auditNote, target: user.email });
    return user;
  }

  // Today.

  route(routes, getToday, async (c) => c.json(await work.today(c.var.staff.clientId)));

  // Patients.

  route(routes, searchAccounts, async (c, { query }) => {
    const found = await work.searchAccounts(c.var.staff.clientId, query.q);
    c.set('auditNote', { target: query.q, detail: `${String(found.accounts.length)}${found.more ? '+' : ''} found` });
    return c.json(found);
  });

  route(routes, getAccountView, async (c, { params }) => c.json(await work.accountView(await accountOf(c, params.accountNumber))));

  route(routes, getAccountStatementPdf, async (c, { params, query }) => {
    const account = await accountOf(c, params.accountNumber);
    const statement = await documents.statement({ clientId: account.clientId, accountId: account.id });
    if (!statement) throw new ApiError(404, 'notFound');
    const language = query.language ?? defaultLanguage;
    const pdf = await renderStatementPdf({ statement, language });
    return pdfAttachment(c, pdf, statementFileName(language, account.accountNumber, statement.issuedAt), 'no-store');
  });

  route(routes, resendActivationLink, async (c, { params }) => {
    const user = await accountUserOf(c, params);
    const origin = { sourceAddress: sourceAddress(c), portalOrigin: portalOrigin ?? new URL(c.req.url).origin, language: defaultLanguage };
    const outcome = await registration.sendActivationLinkFor(c.var.staff.clientId, user.id, origin);
    if (outcome === 'notFound') throw new ApiError(404, 'notFound');
    if (outcome === 'activated') throw new ApiError(409, 'alreadyActivated');
    if (outcome !== 'sent') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      throw new ApiError(429, 'tooManyRequests');
    }
    return c.json({ count: 1 });
  });

  route(routes, endUserSessionsOfAccount, async (c, { params }) => {
    const user = await accountUserOf(c, params);
    const count = await work.endUserSessions(c.var.staff.clientId, user.id);
    c.set('auditNote', { ...c.var.auditNote, detail: String(count) });
    return c.json({ count });
  });

  route(routes, clearSignInLock, async (c, { params }) => {
    const user = await accountUserOf(c, params);
    const count = await work.clearSignInLock(user.email);
    c.set('auditNote', { ...c.var.auditNote, detail: String(count) });
    return c.json({ count });
  });

  // Payments.

  route(routes, searchPayments, async (c, { query }) => {
    c.set('auditNote', { detail: [searchOf(query), `page ${String(query.page)}`].filter(Boolean).join(' ') });
    return c.json(await work.searchPayments(c.var.staff.clientId, query));
  });

  route(routes, getPaymentsCsv, async (c, { query }) => {
    c.set('auditNote', { detail: searchOf(query) });
    return csvDownload(c, await work.paymentsCsv(c.var.staff.clientId, query), `payments-${c.var.staff.clientCode}.csv`);
  });

  route(routes, refundPayment, async (c, { params, headers, json }) => {
    const { clientId, staffId } = c.var.staff;
    const payment = await work.payment(clientId, params.confirmationNumber);
    c.set('auditNote', {
      ...(payment ? { accountNumber: payment.accountNumber } : {}),
      target: params.confirmationNumber,
      detail: `${String(json.amountCents)} cents: ${json.reason}`,
    });
    const outcome = await refunds.refund(clientId, params.confirmationNumber, headers['Idempotency-Key'], json, { kind: 'staff', id: String(staffId) });
    if (outcome.kind === 'refused') {
      const [status, code] = refusalAnswers[outcome.refusal];
      return errorResponse(c, status, code);
    }
    return c.json(outcome.refund, outcome.repeated ? 200 : 201);
  });

  // Imports.

  route(routes, uploadStatement, async (c, { query }) => {
    if (!isCsvRequest(c.req.raw)) return c.json({ error: 'invalidRequest' }, 415);
    const { clientId } = c.var.staff;
    const common = { clientId, apiKeyId: null, fileName: query.fileName, scope: query.scope, dryRun: query.dryRun === 'true' };
    const outcome = await importCsvBody(imports, c.req.raw, common, maxBodyBytesOf(uploadStatement));
    const report = await reports.report(clientId, outcome.id);
    if (!report) throw new Error(`Import ${String(outcome.id)} has no report`);
    c.set('auditNote', { target: `import ${String(outcome.id)}`, detail: [query.fileName, report.status, report.message ?? ''].filter(Boolean).join(' ') });
    return c.json(report satisfies ImportReport, outcome.status === 'imported' ? 201 : 422);
  });

  route(routes, listImports, async (c) => c.json({ imports: await reports.list(c.var.staff.clientId) }));

  route(routes, getImportReport, async (c, { params }) => {
    c.set('auditNote', { target: `import ${String(params.id)}` });
    const report = await reports.report(c.var.staff.clientId, params.id);
    if (!report) throw new ApiError(404, 'notFound');
    return c.json(report);
  });

  route(routes, getImportProblemsCsv, (c, { params }) => {
    c.set('auditNote', { target: `import ${String(params.id)}` });
    return problemsCsvAnswer(c, reports, c.var.staff.clientId, params.id);
  });

  // Integrations: API keys.

  route(routes, listApiKeys, async (c) => c.json({ keys: (await apiKeys.list(c.var.staff.clientId)).map(keyView) }));

  route(routes, createApiKey, async (c, { json }) => {
    const made = await apiKeys.create({ clientId: c.var.staff.clientId, scopes: json.scopes, name: json.name });
    c.set('auditNote', { target: keyLabel(made), detail: made.scopes.join(' ') });
    return c.json({ ...keyView(made), key: made.key }, 201);
  });

  route(routes, revokeApiKey, async (c, { params }) => {
    const { clientId } = c.var.staff;
    c.set('auditNote', { target: params.prefix });
    const ended = await apiKeys.revoke({ clientId, prefix: params.prefix });
    if (!ended) throw new ApiError(404, 'notFound');
    c.set('auditNote', { target: keyLabel(ended) });
    const revoked = (await apiKeys.list(clientId)).find((key) => key.prefix === params.prefix);
    if (!revoked) throw new Error('A revoked key is no longer listed');
    return c.json(keyView(revoked));
  });

  // Integrations: webhooks.

  route(routes, listConsoleWebhookEndpoints, async (c) => c.json({ endpoints: await webhooks.list(c.var.staff.clientId) }));

  route(routes, addConsoleWebhookEndpoint, async (c, { json }) => {
    c.set('auditNote', { target: json.url });
    const made = await webhooks.create(c.var.staff.clientId, json);
    if ('refused' in made) throw new ApiError(422, 'webhookUrlNotAllowed', { url: made.refused });
    return c.json(made, 201);
  });

  route(routes, rotateConsoleWebhookSecret, async (c, { params }) => {
    c.set('auditNote', { target: `endpoint ${String(params.id)}` });
    // Office admins rotate any endpoint of their lab, whoever added it.
    const rotated = await webhooks.rotate(c.var.staff.clientId, params.id, { apiKeyId: null });
    return 'refused' in rotated ? errorResponse(c, 404, 'notFound') : c.json(rotated);
  });

  route(routes, disableConsoleWebhookEndpoint, async (c, { params }) => {
    c.set('auditNote', { target: `endpoint ${String(params.id)}` });
    const disabled = await webhooks.disable(c.var.staff.clientId, params.id);
    return disabled ? c.json(disabled) : errorResponse(c, 404, 'notFound');
  });

  route(routes, sendWebhookTestEvent, async (c, { params }) => {
    c.set('auditNote', { target: `endpoint ${String(params.id)}` });
    const sent = await webhooks.sendTest(c.var.staff.clientId, params.id);
    if (sent === null) return errorResponse(c, 404, 'notFound');
    if (sent === 'disabled') return errorResponse(c, 409, 'webhookEndpointDisabled');
    return c.json(sent, 202);
  });

  route(routes, listConsoleWebhookDeliveries, async (c, { query }) => c.json({ deliveries: await webhooks.deliveries(c.var.staff.clientId, query.status) }));

  route(routes, replayConsoleWebhookEvent, async (c, { params }) => {
    c.set('auditNote', { target: params.eventId });
    const deliveries = await webhooks.replay(c.var.staff.clientId, params.eventId);
    return deliveries === null ? errorResponse(c, 404, 'notFound') : c.json({ deliveries }, 202);
  });

  return routes;
}
