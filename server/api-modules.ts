/**
 * The API's modules: each resource's services and routes, in the order they are mounted under
 * /api (`createApp` in app.ts mounts them). A new module is one more line here; its endpoints are
 * declared in contracts/ (see contracts/endpoint.ts) and listed in contracts/api.ts.
 */
import type { Hono } from 'hono';
import type { Database } from './db/client';
import type { JobSender } from './jobs/job-definition';
import type { SecretBox } from './security/secret-box';
import type { SessionCookies } from './http/session';
import type { AppEnv } from './http/types';
import { createAccountsRoutes } from './patients/accounts/accounts.routes';
import { createAccountsService } from './core/accounts/accounts.service';
import { createAuthRoutes } from './patients/auth/auth.routes';
import { createAuthService } from './patients/auth/auth.service';
import { createGuestLoginService } from './patients/auth/guest-login.service';
import { createThrottleService } from './core/throttle/throttle.service';
import { createClientBrandingRoutes } from './patients/branding/branding.routes';
import { createConsoleBrandingRoutes } from './console/branding/branding.routes';
import { createBrandingService } from './core/branding/branding.service';
import { createClientsRoutes } from './patients/clients/clients.routes';
import { createClientsService } from './core/clients/clients.service';
import { createDocumentsRoutes } from './patients/documents/documents.routes';
import { createDocumentsService } from './core/documents/documents.service';
import { createLanguageRoutes } from './patients/language/language.routes';
import { createLanguageService } from './patients/language/language.service';
import { createMemberRoutes } from './patients/member/member.routes';
import { createMemberService } from './patients/member/member.service';
import { createPasswordRoutes } from './patients/password/password.routes';
import { createPasswordService } from './patients/password/password.service';
import { createPaymentsRoutes } from './patients/payments/payments.routes';
import { createPaymentsService } from './patients/payments/payments.service';
import { createSandboxProcessor } from './core/processor/sandbox-processor';
import { createOpenApiRoutes } from './core/reference/reference.routes';
import { createRegistrationRoutes } from './patients/registration/registration.routes';
import { createRegistrationService } from './core/registration/registration.service';
import { createSessionRoutes } from './patients/sessions/session.routes';
import type { SessionService } from './core/sessions/session.service';
import { createApiKeysService } from './core/api-keys/api-keys.service';
import { createPartnerApiRoutes } from './partner-api/partner-api.routes';
import { createPaymentsOutRoutes } from './partner-api/payments-out/payments-out.routes';
import { createPostings } from './core/postings/posting-file';
import { createRefundsService } from './core/payments/refunds.service';
import { createWebhookEndpointsService } from './core/webhooks/webhook-endpoints.service';
import { createImportReports } from './core/statements/import-reports';
import { createStatementImport } from './core/statements/statement-import';
import { createStatementsRoutes } from './partner-api/statements/statements.routes';
import { createAuditRoutes } from './console/audit/audit.routes';
import { createAuditService } from './core/audit/audit.service';
import { createConsoleWorkRoutes } from './console/work/console-work.routes';
import { createConsoleWorkService } from './console/work/console-work.service';
import { createConsoleRoutes } from './console/console.routes';
import { createStaffSessions } from './core/sessions/staff-sessions';
import { createStaffRoutes } from './console/staff/staff.routes';
import { createStaffService } from './console/staff/staff.service';
import { createStaffCookies } from './http/staff-session';
import { createSwitchClientsRoutes } from './patients/switch-clients/switch-clients.routes';
import { createSwitchClientsService } from './patients/switch-clients/switch-clients.service';

export interface ApiModulesDeps {
  db: Database;
  sessions: SessionService;
  cookies: SessionCookies;
  cookieSecure: boolean;
  /**
   * Where emailed links point: the public address, else the configured portal origin, else (one
   * machine, development) the request's own.
   */
  linkOrigin: string | undefined;
  /** Webhook endpoints may be plain http, on this machine or a private network (AppConfig.webhooksAllowPrivate). */
  webhooksAllowPrivate: boolean;
  /** Where the work after an answer is sent (jobs/registry.ts runs it). */
  jobs: JobSender;
  now: () => Date;
  /** Seals the secrets the database keeps (webhook signing secrets, authenticator apps'), and opens them. */
  secrets: SecretBox;
}

/** Builds every module of the API over the database: its routes, ready to mount under /api. */
export function createApiModules({ db, sessions, cookies, cookieSecure, linkOrigin, webhooksAllowPrivate, jobs, now, secrets }: ApiModulesDeps): Hono<AppEnv>[] {
  const clients = createClientsService({ db });
  const accounts = createAccountsService({ db });
  const throttle = createThrottleService({ db, now });
  const processor = createSandboxProcessor({ db, now });
  const staffSessions = createStaffSessions({ db, now });
  const audit = createAuditService({ db, now });
  const staffCookies = createStaffCookies({ cookieSecure });
  // One of each for the partner API and the console: the same work whoever calls.
  const apiKeys = createApiKeysService({ db, now });
  const imports = createStatementImport({ db, now });
  const reports = createImportReports({ db });
  const refunds = createRefundsService({ db, processorFor: processor.processorFor, now });
  const webhooks = createWebhookEndpointsService({ db, now, secrets, allowPrivateAddresses: webhooksAllowPrivate });
  const documents = createDocumentsService({ db, accounts, clients, now });
  const registration = createRegistrationService({ db, clients, throttle, jobs, now });
  const branding = createBrandingService({ db });
  return [
    createAuthRoutes({
      auth: createAuthService({ db, clients, throttle }),
      guestLogin: createGuestLoginService({ clients, accounts, throttle }),
      clients,
      sessions,
      cookies,
    }),
    createSessionRoutes({ sessions }),
    createClientsRoutes({ clients }),
    createClientBrandingRoutes({ clients, branding }),
    createLanguageRoutes({ language: createLanguageService({ db, sessions }), cookieSecure }),
    createAccountsRoutes({ accounts }),
    createPaymentsRoutes({ payments: createPaymentsService({ db, processorFor: processor.processorFor, throttle, now }) }),
    createDocumentsRoutes({ documents, clients }),
    createSwitchClientsRoutes({ switchClients: createSwitchClientsService({ db, clients }) }),
    createMemberRoutes({ member: createMemberService({ db, throttle, now }), cookies, portalOrigin: linkOrigin }),
    createRegistrationRoutes({ registration, portalOrigin: linkOrigin }),
    createPasswordRoutes({ passwords: createPasswordService({ db, clients, throttle, jobs, now }), portalOrigin: linkOrigin }),
    createPartnerApiRoutes({
      apiKeys,
      reportError: (error) => console.error('Could not record a call of the partner API', error),
      areas: [
        createStatementsRoutes({ imports, reports }),
        createPaymentsOutRoutes({ postings: createPostings({ db }), refunds, webhooks }),
      ],
    }),
    createConsoleRoutes({
      staffSessions,
      cookies: staffCookies,
      audit,
      areas: [
        createStaffRoutes({ staff: createStaffService({ db, sessions: staffSessions, throttle, now, secrets }), staffSessions, cookies: staffCookies, portalOrigin: linkOrigin, now }),
        createAuditRoutes({ audit }),
        createConsoleWorkRoutes({
          work: createConsoleWorkService({ db, accounts, documents, reports, webhooks, now }),
          documents,
          registration,
          refunds,
          imports,
          reports,
          apiKeys,
          webhooks,
          portalOrigin: linkOrigin,
        }),
        createConsoleBrandingRoutes({ branding }),
      ],
    }),
    createOpenApiRoutes(),
  ];
}
