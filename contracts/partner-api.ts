/**
 * The partner API (key-authenticated, under /api/office/v1): the JSON statement a billing
 * system pushes, and the import report it gets back. Only the server and the API's reference read
 * these; the SPA never loads them.
 */
import * as v from 'valibot';
import { optionalText as checkedText } from './text';

/** The largest statement file the API and the command take: about a million lines. */
export const MAX_STATEMENT_BYTES = 256 * 1024 * 1024;
/** The largest JSON statement: push larger ones in parts, or send the CSV file. */
export const MAX_JSON_STATEMENT_BYTES = 16 * 1024 * 1024;

/**
 * What an API key may do: send statements, read payments (the posting file, the webhook endpoints
 * and deliveries), make refunds and voids, and manage webhooks (add, rotate, disable, replay).
 */
export const apiKeyScopes = ['bills:write', 'payments:read', 'refunds:write', 'webhooks:write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

const text = (description: string) => v.pipe(v.string(), v.description(description));
const optionalText = (description: string) => v.optional(text(description));
const isoDate = (description: string) => v.pipe(v.string(), v.isoDate(), v.description(description));
const cents = (description: string) => v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));
const count = (description: string) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999), v.description(description));

export const statementLineSchema = v.object({
  lineNumber: count('The line within the invoice: 1, 2, 3…; each once per invoice.'),
  serviceDate: isoDate('When the service was given.'),
  procedureCode: text('The procedure’s code (CPT, HCPCS or the lab’s own).'),
  description: text('What the service was, in words a patient reads.'),
  units: count('How many units of the service.'),
  chargeCents: cents('What was charged.'),
  insurancePaidCents: cents('What insurance paid.'),
  adjustmentsCents: cents('What was adjusted off.'),
  patientPaidCents: cents('What the patient already paid.'),
  balanceCents: cents('What is left: charge − insurance paid − adjustments − patient paid.'),
  payerName: optionalText('The insurer billed for the line (or “Self-pay”).'),
  claimStatus: optionalText('The claim’s status with that payer.'),
});

export const statementInvoiceSchema = v.object({
  invoiceNumber: text('The invoice, unique within the client.'),
  invoiceDate: isoDate('The date of the bill.'),
  dueDate: isoDate('When payment is due; not before the invoice date.'),
  patient: v.optional(v.object({ name: optionalText('Who the services were for.'), birthDate: v.optional(isoDate('The patient’s date of birth.')) })),
  goodFaithEstimateCents: v.optional(cents('The good-faith estimate given before the services.')),
  statementMessage: optionalText('A message printed on the statement.'),
  lines: v.pipe(v.array(statementLineSchema), v.minLength(1)),
});

export const statementAccountSchema = v.object({
  accountNumber: text('The billing account, as printed on the statement.'),
  guarantor: v.object({
    name: text('Who is responsible for the account.'),
    email: v.optional(v.pipe(v.string(), v.email(), v.description('Told whenever someone registers for the account.'))),
    phone: optionalText('Phone number.'),
    addressLine1: optionalText('Postal address, first line.'),
    addressLine2: optionalText('Postal address, second line.'),
    city: optionalText('City.'),
    state: optionalText('State or region.'),
    postalCode: optionalText('ZIP or postal code; registering for the account asks for it.'),
  }),
  invoices: v.pipe(v.array(statementInvoiceSchema), v.minLength(1)),
});

/** POST /api/office/v1/statements with application/json. */
export const jsonStatementSchema = v.object({
  producedAt: v.pipe(v.string(), v.isoTimestamp(), v.description('When the billing system produced the statement: ISO 8601 with its offset.')),
  accounts: v.pipe(v.array(statementAccountSchema), v.minLength(1)),
});

/** The query of POST /api/office/v1/statements. */
export const statementImportQuerySchema = v.object({
  scope: v.optional(
    v.pipe(
      v.picklist(['partial', 'full']),
      v.description('full: the file holds every open invoice of the client, and an open invoice it does not name is closed. partial (the default): it holds some.'),
    ),
    'partial',
  ),
  dryRun: v.optional(v.pipe(v.picklist(['true', 'false']), v.description('true: check and count everything, change nothing.')), 'false'),
  fileName: v.optional(v.pipe(checkedText(200), v.description('The file’s name, for the import history.')), ''),
});

/** A row, or the whole file, that an import refused. */
export const importProblemSchema = v.object({
  line: v.pipe(v.nullable(v.number()), v.description('The CSV line (the header is line 1); null for JSON.')),
  location: v.pipe(v.string(), v.description('Where in a JSON statement (accounts[2].invoices[0].lines[1]); empty for CSV.')),
  column: v.string(),
  code: v.string(),
  reason: v.string(),
});

/** An import's report. */
export const importReportSchema = v.object({
  id: v.number(),
  status: v.picklist(['running', 'imported', 'refused']),
  message: v.pipe(v.nullable(v.string()), v.description('Why a file was refused whole; null otherwise.')),
  source: v.picklist(['csv', 'json']),
  fileName: v.string(),
  scope: v.picklist(['partial', 'full']),
  dryRun: v.boolean(),
  producedAt: v.nullable(v.string()),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  rowsRead: v.number(),
  rowsRefused: v.number(),
  accounts: v.object({ created: v.number(), updated: v.number(), unchanged: v.number() }),
  invoices: v.object({ created: v.number(), updated: v.number(), unchanged: v.number(), closed: v.number() }),
  problems: v.pipe(v.array(importProblemSchema), v.description('The first 1,000 refused rows; all of them are in problems.csv.')),
  problemCount: v.number(),
});
export type ImportReport = v.InferOutput<typeof importReportSchema>;

export const importListSchema = v.object({ imports: v.array(v.omit(importReportSchema, ['problems'])) });

export const importIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
