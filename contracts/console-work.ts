/**
 * The console's office work (contracts/console-work-endpoints.ts), for the staff session's
 * client only: Today, Patients, Payments, Imports and Integrations. The answers are small and
 * flat: the console's screens show them as they are. Money in integer cents, times in UTC (ISO
 * 8601), a business date as YYYY-MM-DD in the client's time zone.
 */
import * as v from 'valibot';
import { accountInformationSchema, paidInvoiceSchema } from './accounts';
import { pastPaymentSchema, publicDocumentKindSchema } from './documents';
import { digits, paymentSearchQuerySchema } from './console-search';
import { FIRST_DAY, LAST_DAY } from './bounds';
import { apiKeyScopes, importReportSchema } from './partner-api';
import { cardBrandSchema } from './processor';
import { refundRequestSchema, webhookDeliverySchema } from './payments-out';
import { languageSchema } from './session';
import { optionalText, requiredText } from './text';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

// The searches' queries (Patients, Payments) live in console-search.ts, which the console's routes read too.
export { accountSearchQuerySchema, paymentSearchQuerySchema, type PaymentSearchQuery } from './console-search';

/** The payments' query as its endpoints declare it: console-search.ts's rules, each part described for the API reference. */
export const describedPaymentSearchQuerySchema = v.object({
  from: described(paymentSearchQuerySchema.entries.from, `Paid on or after this day (in the client’s time zone), ${FIRST_DAY} to ${LAST_DAY}.`),
  to: described(paymentSearchQuerySchema.entries.to, `Paid on or before this day (in the client’s time zone), ${FIRST_DAY} to ${LAST_DAY}.`),
  account: described(paymentSearchQuerySchema.entries.account, 'The account number, whole.'),
  amountCents: described(paymentSearchQuerySchema.entries.amountCents, 'The payment’s total, in cents.'),
  last4: described(paymentSearchQuerySchema.entries.last4, 'The card’s last four digits.'),
  page: described(paymentSearchQuerySchema.entries.page, 'The page, from 1 (50 a page).'),
});

// Today.

/** One money movement of the business day, in the order it happened, with the day's net total after it. */
export const todayMoneySchema = v.object({
  kind: v.picklist(['payment', 'refund', 'void']),
  /** The payment's confirmation number (a payment, a void) or the refund's number. */
  reference: v.string(),
  /** The payment it belongs to (itself for a payment). */
  paymentReference: v.string(),
  accountNumber: v.string(),
  occurredAt: v.string(),
  /** Always positive: the kind says the direction. */
  amountCents: v.number(),
  cardBrand: cardBrandSchema,
  cardLast4: v.string(),
  /** Payments less refunds and voids so far today, this one included. */
  runningTotalCents: v.number(),
});
export type TodayMoney = v.InferOutput<typeof todayMoneySchema>;

/** An import as Today lists it: its outcome in a line. */
export const importSummarySchema = v.omit(importReportSchema, ['problems']);
export type ImportSummary = v.InferOutput<typeof importSummarySchema>;

/** A webhook delivery as the console lists it (the test event's type included). */
export const consoleDeliverySchema = v.object({ ...webhookDeliverySchema.entries, eventType: v.string() });
export type ConsoleDelivery = v.InferOutput<typeof consoleDeliverySchema>;

/** Someone who may not try to sign in again yet: a registered user (by email) or a guest (by account). */
export const lockedOutSchema = v.object({
  kind: v.picklist(['user', 'guest']),
  /** The user's email; null for a guest. */
  email: v.nullable(v.string()),
  /** The account the guest tried, or the user's account with this client. */
  accountNumber: v.nullable(v.string()),
  /** How long until the next attempt may go. */
  retryAfterSeconds: v.number(),
  failures: v.number(),
});
export type LockedOut = v.InferOutput<typeof lockedOutSchema>;

/** GET /api/console/today. */
export const todaySchema = v.object({
  businessDate: v.string(),
  timeZone: v.string(),
  money: v.array(todayMoneySchema),
  paymentsCents: v.number(),
  refundsCents: v.number(),
  netCents: v.number(),
  /** The last 5 imports, newest first. */
  imports: v.array(importSummarySchema),
  failingDeliveries: v.object({
    /** Deliveries that gave up (failed), or are still being retried after a failed attempt. */
    count: v.number(),
    newest: v.array(consoleDeliverySchema),
  }),
  lockedOut: v.array(lockedOutSchema),
});
export type Today = v.InferOutput<typeof todaySchema>;

/** How many of each list Today shows. */
export const TODAY_IMPORTS = 5;
export const TODAY_DELIVERIES = 5;

// Patients.


export const accountMatchSchema = v.object({
  accountNumber: v.string(),
  holderName: v.string(),
  /** What the words matched: the account's number, the holder's name, a registered user's email, or an invoice. */
  matchedBy: v.picklist(['accountNumber', 'name', 'email', 'invoiceNumber']),
  openBalanceCents: v.number(),
});
export type AccountMatch = v.InferOutput<typeof accountMatchSchema>;
export const accountSearchSchema = v.object({ accounts: v.array(accountMatchSchema), more: v.boolean() });
/** The most accounts a search answers. */
export const ACCOUNT_SEARCH_LIMIT = 50;

/** An account named in a path: its number, as printed on the statement (the shared text rules: no NUL or other control character). */
export const accountParamsSchema = v.object({
  accountNumber: v.pipe(requiredText(64), v.regex(/^[^\s/]+$/), v.transform((text) => text.toUpperCase())),
});

/** An account's registered user named in a path. */
export const accountUserParamsSchema = v.object({ ...accountParamsSchema.entries, userId: digits(9) });

/** A registered user of an account, as the office helps them. */
export const accountUserSchema = v.object({
  userId: v.number(),
  email: v.string(),
  name: v.string(),
  /** The activation link was opened. */
  activated: v.boolean(),
  /** The office disabled this user's access to the account. */
  accountDisabled: v.boolean(),
  /** Signing in is held back by throttling right now, for this long (0: not locked). */
  lockedForSeconds: v.number(),
  /** Live sessions of the user (on any device). */
  sessions: v.number(),
});
export type AccountUser = v.InferOutput<typeof accountUserSchema>;

/** GET /api/console/accounts/{accountNumber}: what the patient sees, and who may sign in to it. */
export const accountViewSchema = v.object({
  account: accountInformationSchema,
  contact: v.object({ email: v.nullable(v.string()), phone: v.string(), address: v.array(v.string()) }),
  paidInvoices: v.array(paidInvoiceSchema),
  payments: v.array(pastPaymentSchema),
  documents: v.object({
    /** The statement PDF (GET …/statement.pdf). */
    statement: v.boolean(),
    publicDocuments: v.array(publicDocumentKindSchema),
  }),
  users: v.array(accountUserSchema),
});
export type AccountView = v.InferOutput<typeof accountViewSchema>;

export const statementPdfQuerySchema = v.object({ language: v.optional(languageSchema) });

/** What a help action did. */
export const helpOutcomeSchema = v.object({
  /** Sessions ended, or failed sign-ins forgotten; 1 for a link sent. */
  count: v.number(),
});
export type HelpOutcome = v.InferOutput<typeof helpOutcomeSchema>;

// Payments.


export const PAYMENT_PAGE_SIZE = 50;

export const consolePaymentSchema = v.object({
  confirmationNumber: v.string(),
  accountNumber: v.string(),
  paidAt: v.string(),
  totalCents: v.number(),
  refundedCents: v.number(),
  /** What a refund may still give back (0 once voided or refunded in full). */
  refundableCents: v.number(),
  voided: v.boolean(),
  cardBrand: cardBrandSchema,
  cardLast4: v.string(),
  payerName: v.string(),
  payerKind: v.picklist(['patient', 'guest']),
});
export type ConsolePayment = v.InferOutput<typeof consolePaymentSchema>;
export const paymentSearchSchema = v.object({ payments: v.array(consolePaymentSchema), page: v.number(), more: v.boolean() });

/** POST /api/console/payments/{confirmationNumber}/refunds: the office always says why. */
export const consoleRefundRequestSchema = v.object({
  amountCents: refundRequestSchema.entries.amountCents,
  reason: described(requiredText(500), 'Why, for the office’s own records (never sent to the payer).'),
});
export type ConsoleRefundRequest = v.InferOutput<typeof consoleRefundRequestSchema>;

// Imports.

/** POST /api/console/imports's query: the file's name and how to read it. */
export const consoleImportQuerySchema = v.object({
  fileName: v.optional(optionalText(200), ''),
  scope: v.optional(v.picklist(['partial', 'full']), 'partial'),
  dryRun: v.optional(v.picklist(['true', 'false']), 'false'),
});

/** The largest statement file the console takes (the command and the API take up to 256 MB). */
export const MAX_CONSOLE_STATEMENT_BYTES = 64 * 1024 * 1024;

export const importParamsSchema = v.object({ id: digits(9) });

// Integrations.

export const apiKeySchema = v.object({
  name: v.string(),
  /** What names the key in lists and the audit trail (`pbp_…`); never the key itself. */
  prefix: v.string(),
  scopes: v.array(v.picklist(apiKeyScopes)),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApiKeyView = v.InferOutput<typeof apiKeySchema>;
export const apiKeyListSchema = v.object({ keys: v.array(apiKeySchema) });
export const newApiKeySchema = v.object({ ...apiKeySchema.entries, key: described(v.string(), 'The key: shown this once.') });

export const createApiKeyRequestSchema = v.object({
  name: optionalText(100),
  scopes: v.pipe(v.array(v.picklist(apiKeyScopes)), v.minLength(1), v.maxLength(apiKeyScopes.length)),
});

export const apiKeyParamsSchema = v.object({ prefix: v.pipe(v.string(), v.regex(/^pbp_[0-9a-f]{10}$/)) });

export const consoleDeliveryListSchema = v.object({ deliveries: v.array(consoleDeliverySchema) });

/** A test event sent to one endpoint. */
export const testEventSchema = v.object({ eventId: v.string(), deliveries: v.number() });

export type AccountSearch = v.InferOutput<typeof accountSearchSchema>;
export type PaymentSearch = v.InferOutput<typeof paymentSearchSchema>;
