/**
 * The database schema, shared by the embedded PGlite database and PostgreSQL.
 *
 * Tenancy: `clients` is the tenant table. Every table that holds a tenant's data carries
 * `client_id`, and every query on it filters by that column (also the distribution key should
 * one PostgreSQL ever be outgrown). References between tenant-owned rows are composite foreign
 * keys that include `client_id` (an invoice's account, a membership's account, a guest session's
 * account), so the database itself refuses a row that points into another client.
 *
 * Account and invoice numbers are stored trimmed and upper-cased (checked), so lookups of what a
 * person typed compare with a plain index.
 */
import { sql } from 'drizzle-orm';
import { namedPalettes } from '../../contracts/branding';
import type { ApiKeyScope } from '../../contracts/partner-api';
import type { WebhookEventType, WebhookSentEventType } from '../../contracts/payments-out';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One entry of the client list. A code has one entry, or several told apart by billing group.
 * `is_primary` marks the entry chosen when a code with several entries is asked for without a
 * billing group (at most one per code).
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    billingGroup: text('billing_group'),
    isPrimary: boolean('is_primary').notNull().default(false),
    name: text('name').notNull().default(''),
    theme: text('theme').notNull().default('default'),
    logoUrl: text('logo_url'),
    clientUrl: text('client_url').notNull(),
    acceptsOnlinePayments: boolean('accepts_online_payments').notNull().default(true),
    externalCcLink: text('external_cc_link').notNull().default(''),
    /** The client's own app for patients, which the signed-out menu links to; null (the default): no link. */
    patientAppUrl: text('patient_app_url'),
    // The client's other ways to pay (GetPaymentOptions); null where the client offers none.
    mailPayableTo: text('mail_payable_to'),
    mailAddressLines: text('mail_address_lines').array(),
    phoneNumber: text('phone_number'),
    phoneHours: text('phone_hours'),
    /** Days a password lasts before its user must change it; null (the default) for never. */
    passwordLifetimeDays: integer('password_lifetime_days'),
    /** The client's time zone (IANA), in which its business days and posting cut-off are read. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /** When the client's business day ends (HH:MM in its time zone): later money events post on the next day. */
    postingCutoff: text('posting_cutoff').notNull().default('21:30'),
    /**
     * The theme's colours (contracts/branding.ts), `#rrggbb`: the custom properties the patients'
     * pages wear. A new client gets the default palette; `theme` stays the name on the page's body
     * class (`theme-sunrise`).
     */
    brandColour: text('brand_colour').notNull().default(namedPalettes.default.brand),
    brandStrongColour: text('brand_strong_colour').notNull().default(namedPalettes.default.brandStrong),
    brandContrastColour: text('brand_contrast_colour').notNull().default(namedPalettes.default.brandContrast),
    brandTintColour: text('brand_tint_colour').notNull().default(namedPalettes.default.brandTint),
  },
  (t) => [
    // coalesce: two NULL billing groups would not collide in a plain unique index.
    uniqueIndex('clients_code_billing_group_unique').on(
      sql`upper(${t.code})`,
      sql`coalesce(${t.billingGroup}, '')`,
    ),
    uniqueIndex('clients_primary_per_code_unique')
      .on(sql`upper(${t.code})`)
      .where(sql`${t.isPrimary}`),
    check('clients_code_format', sql`${t.code} ~ '^[A-Z]{2,4}$'`),
    check('clients_billing_group_not_empty', sql`${t.billingGroup} is null or ${t.billingGroup} <> ''`),
    check('clients_patient_app_url_https', sql`${t.patientAppUrl} is null or ${t.patientAppUrl} ~ '^https://[^\\s]+$'`),
    check('clients_password_lifetime_positive', sql`${t.passwordLifetimeDays} is null or ${t.passwordLifetimeDays} > 0`),
    check('clients_posting_cutoff_format', sql`${t.postingCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // A class name on the page's body; colours go into a stylesheet as they are.
    check('clients_theme_format', sql`${t.theme} ~ '^[a-z][a-z0-9-]{0,39}$'`),
    check(
      'clients_brand_colours_format',
      sql`${t.brandColour} ~ '^#[0-9a-f]{6}$' and ${t.brandStrongColour} ~ '^#[0-9a-f]{6}$' and ${t.brandContrastColour} ~ '^#[0-9a-f]{6}$' and ${t.brandTintColour} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A logo the billing office uploaded (one per client entry), as served at
 * /api/clients/{code}/logo: always a PNG (an uploaded SVG is drawn into one), at most 96 pixels
 * high. Apart from `clients` so the client list never reads the bytes.
 */
export const clientLogos = pgTable(
  'client_logos',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** SHA-256 of the bytes (base64url): the strong ETag, and the version in `clients.logo_url`. */
    digest: text('digest').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What was uploaded: image/png or image/svg+xml. */
    uploadedAs: text('uploaded_as').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    check('client_logos_content_type', sql`${t.contentType} = 'image/png'`),
    check('client_logos_uploaded_as', sql`${t.uploadedAs} in ('image/png', 'image/svg+xml')`),
  ],
);

/** A billing account (a patient's or guarantor's) at one client. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    /**
     * The guarantor's postal code, as the statement's address prints it (not the invoice stub):
     * registering proves it beside an open invoice. Null: the account cannot be registered for.
     */
    guarantorPostalCode: text('guarantor_postal_code'),
    /** The account's email on file (the statement feed's): told whenever someone registers for the account. */
    email: text('email'),
    /** The guarantor's phone and postal address, as the statement feed gives them ('' when it does not). */
    phone: text('phone').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('accounts_client_number_unique').on(t.clientId, t.accountNumber),
    // The target of the composite foreign keys that keep references inside one client.
    unique('accounts_client_id_unique').on(t.clientId, t.id),
    check('accounts_number_normalised', sql`${t.accountNumber} = upper(btrim(${t.accountNumber})) and ${t.accountNumber} <> ''`),
  ],
);

/**
 * An invoice of an account. Amounts in integer cents: `amount_cents` is the patient's part (what
 * its lines charged, less what insurance paid and adjusted), `balance_cents` what is still owed.
 * An invoice from the statement feed keeps the balance the last file gave and when that file was
 * produced (`statement_*`): a payment taken in the portal after that moment stays subtracted
 * until a later file reflects it. A closed invoice (paid to zero, or missing from a full file) is
 * no longer offered for payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    description: text('description').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** Who the services were for (the guarantor may pay for others): '' and null when not given. */
    patientName: text('patient_name').notNull().default(''),
    patientBirthDate: date('patient_birth_date', { mode: 'string' }),
    /** The good-faith estimate the patient was given before the services, if any. */
    goodFaithEstimateCents: integer('good_faith_estimate_cents'),
    /** The billing office's message printed on the statement ('' for none). */
    statementMessage: text('statement_message').notNull().default(''),
    statementProducedAt: timestamptz('statement_produced_at'),
    statementBalanceCents: integer('statement_balance_cents'),
    closedAt: timestamptz('closed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'invoices_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.id],
    }),
    unique('invoices_client_number_unique').on(t.clientId, t.invoiceNumber),
    // The target of payment lines' composite foreign key.
    unique('invoices_client_id_unique').on(t.clientId, t.id),
    index('invoices_account_idx').on(t.clientId, t.accountId),
    check('invoices_number_normalised', sql`${t.invoiceNumber} = upper(btrim(${t.invoiceNumber})) and ${t.invoiceNumber} <> ''`),
    // Zero when insurance paid it all: such an invoice arrives closed.
    check('invoices_amount_not_negative', sql`${t.amountCents} >= 0`),
    check('invoices_estimate_not_negative', sql`${t.goodFaithEstimateCents} is null or ${t.goodFaithEstimateCents} >= 0`),
    check('invoices_statement_balance', sql`(${t.statementProducedAt} is null) = (${t.statementBalanceCents} is null)`),
    check('invoices_balance_range', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.amountCents}`),
    check('invoices_due_after_issue', sql`${t.dueDate} >= ${t.invoiceDate}`),
  ],
);

/**
 * A person who signs in. `activated_at` stays null until the activation link of a registration is
 * opened. A password expires when `password_change_required` is set (the billing office marked it)
 * or when it is older than the client's `password_lifetime_days`, counted from
 * `password_changed_at`.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique('users_email_unique'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    language: text('language'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  },
  (t) => [check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`)],
);

/**
 * A user's membership of a client: the role and the billing account under that client. The
 * account number is a foreign key into `accounts` of the same client.
 */
export const userClients = pgTable(
  'user_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('ClientBillingUser'),
    accountNumber: text('account_number').notNull(),
    accountDisabled: boolean('account_disabled').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_clients_pk', columns: [t.userId, t.clientId] }),
    foreignKey({
      name: 'user_clients_account_fk',
      columns: [t.clientId, t.accountNumber],
      foreignColumns: [accounts.clientId, accounts.accountNumber],
    }).onUpdate('cascade'),
    index('user_clients_client_idx').on(t.clientId),
    check('user_clients_role', sql`${t.role} in ('ClientBillingUser', 'ClientBillingGuest')`),
  ],
);

/**
 * The billing address a signed-in payer last paid with and asked to be remembered ("Remember this
 * address for next time"), one per user and client, offered on their next payment. Only the
 * address: never the card, the name or the receipt email. Gone with the membership it belongs to,
 * and forgotten as soon as the payer unticks the box.
 */
export const savedBillingAddresses = pgTable(
  'saved_billing_addresses',
  {
    userId: integer('user_id').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saved_billing_addresses_pk', columns: [t.clientId, t.userId] }),
    foreignKey({
      name: 'saved_billing_addresses_membership_fk',
      columns: [t.userId, t.clientId],
      foreignColumns: [userClients.userId, userClients.clientId],
    }).onDelete('cascade'),
  ],
);

/** What a user token is for; `user_tokens.purpose` holds one of these. */
export const userTokenPurposes = ['activateAccount', 'resetPassword', 'confirmEmail', 'removeAccess'] as const;
export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/**
 * Single-use tokens sent by email: activating an account, resetting a password, confirming a new
 * email address (`new_email`, which only that purpose carries), removing a registration from an
 * account (`client_id`, which only that purpose carries). Like sessions, only the SHA-256
 * (hex) of the token is kept, so a leaked table gives no working links.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<UserTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique('user_tokens_token_hash_unique'),
    newEmail: text('new_email'),
    /** A `removeAccess` token's client: opening it removes the user's membership of that client. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('user_tokens_expires_at_idx').on(t.expiresAt),
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose', sql`${t.purpose} in ('activateAccount', 'resetPassword', 'confirmEmail', 'removeAccess')`),
    check('user_tokens_client', sql`(${t.purpose} = 'removeAccess') = (${t.clientId} is not null)`),
    check(
      'user_tokens_new_email',
      sql`(${t.purpose} = 'confirmEmail') = (${t.newEmail} is not null) and (${t.newEmail} is null or ${t.newEmail} = lower(btrim(${t.newEmail})))`,
    ),
    check('user_tokens_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * Server-side sessions. `id` is the SHA-256 (hex) of the cookie token, so a leaked table does not
 * give working cookies. Anonymous sessions (no user) only carry a language preference. A guest's
 * session has no user: `account_id` is the account the guest signed in with, under `client_id`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role'),
    accountId: integer('account_id'),
    language: text('language'),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    // A null client_id would switch the composite key's check off, hence the check beside it.
    foreignKey({
      name: 'sessions_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.id],
    }).onDelete('cascade'),
    check('sessions_account_needs_client', sql`${t.accountId} is null or ${t.clientId} is not null`),
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-ins, for throttling that all replicas share. `email` holds the throttle key: the
 * normalised email of a user's sign-in, or `guest:<CODE>` and `guest:<CODE>:<ACCOUNT>` for guest
 * sign-ins (the column keeps its first name; renaming it buys nothing).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull(),
  },
  (t) => [index('login_attempts_email_time_idx').on(t.email, t.attemptedAt)],
);

/**
 * A payment applied to invoices of one account. The card is known only by brand and last four
 * digits; the number and CVC stay with the processor. `idempotency_key` is unique per account, so
 * a repeated submission finds the first payment; `request_hash` (SHA-256 of the canonical JSON of
 * the validated body) tells a true repeat from a key reused for another payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    confirmationNumber: text('confirmation_number').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    totalCents: integer('total_cents').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    payerName: text('payer_name').notNull(),
    email: text('email').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    /** The processor's authorization code for the card. */
    authorizationCode: text('authorization_code').notNull().default(''),
    /** The processor's reference for the authorization (what refunds and voids name). */
    authorizationId: text('authorization_id').notNull().default(''),
    /** Who paid: a signed-in patient or a guest with an invoice. */
    payerKind: text('payer_kind').$type<'patient' | 'guest'>().notNull().default('patient'),
    /** The signed-in user's id; null for a guest. */
    userId: integer('user_id'),
    /** The language the payer used, for the emails that follow (a refund's). */
    language: text('language').notNull().default('en-US'),
    /** What refunds and a void have given back so far: never more than the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [
    foreignKey({
      name: 'payments_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.id],
    }),
    unique('payments_confirmation_number_unique').on(t.confirmationNumber),
    unique('payments_idempotency_unique').on(t.clientId, t.accountId, t.idempotencyKey),
    unique('payments_client_id_unique').on(t.clientId, t.id),
    check('payments_total_positive', sql`${t.totalCents} > 0`),
    check('payments_card_brand', sql`${t.cardBrand} in ('visa', 'mastercard', 'amex', 'discover', 'unknown')`),
    check('payments_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payments_refunded_within_total', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    check('payments_payer_kind', sql`${t.payerKind} in ('patient', 'guest')`),
  ],
);

/** What one payment paid against one invoice, and the invoice's balance right after it. */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    /** What refunds and a void have given back to this invoice from this line. */
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'payment_lines_payment_fk',
      columns: [t.clientId, t.paymentId],
      foreignColumns: [payments.clientId, payments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payment_lines_invoice_fk',
      columns: [t.clientId, t.invoiceId],
      foreignColumns: [invoices.clientId, invoices.id],
    }),
    unique('payment_lines_payment_invoice_unique').on(t.paymentId, t.invoiceId),
    index('payment_lines_invoice_idx').on(t.clientId, t.invoiceId),
    check('payment_lines_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_lines_balance_after', sql`${t.balanceAfterCents} >= 0`),
    check('payment_lines_refunded_within_amount', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * The sandbox processor's single-use card tokens and the authorizations made with them (standing
 * in for a real processor's records, so not a tenant's data: tokens are made before anyone signs
 * in). Brand, last four digits and the sandbox outcome only: never the card number or the CVC.
 */
export const processorTokens = pgTable(
  'processor_tokens',
  {
    token: text('token').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When an authorization spent the token (the token is then the authorization's id). */
    usedAt: timestamptz('used_at'),
    capturedAt: timestamptz('captured_at'),
    voidedAt: timestamptz('voided_at'),
  },
  (t) => [
    index('processor_tokens_expires_at_idx').on(t.expiresAt),
    check('processor_tokens_brand', sql`${t.brand} in ('visa', 'mastercard', 'amex', 'discover', 'unknown')`),
    check('processor_tokens_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('processor_tokens_outcome', sql`${t.outcome} in ('approve', 'decline', 'insufficientFunds')`),
  ],
);

/**
 * The sandbox processor's refunds of captured authorizations (a real processor keeps its own):
 * one per idempotency key, so a refund asked for twice is made once.
 */
export const processorRefunds = pgTable(
  'processor_refunds',
  {
    id: text('id').primaryKey(),
    authorizationId: text('authorization_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('processor_refunds_idempotency_unique'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [check('processor_refunds_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * Outgoing email, and the queue SMTP delivery works from. Without SMTP the rows stay here and a
 * development page lists them. `client_id` is the tenant the email speaks for; null for one that
 * belongs to none. Delivery state: `sent_at` once the SMTP server accepted it; until then
 * `next_attempt_at` is when a sender may next claim it (a claim pushes it past the time a send can
 * take, so no other sender takes it meanwhile), `attempts` counts the claims and `last_error`
 * says, without secrets, why the last one failed.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part; null: the sender renders the text as HTML. */
    htmlBody: text('html_body'),
    /** The language the email is written in (the recipient's); null when the writer did not say. */
    language: text('language'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_emails_created_at_idx').on(t.createdAt),
    // What a sender looks for: the unsent emails that are due, oldest due first.
    index('outbox_emails_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null`),
    check('outbox_emails_attempts_not_negative', sql`${t.attempts} >= 0`),
    check('outbox_emails_last_error_short', sql`char_length(${t.lastError}) <= 300`),
  ],
);

/**
 * What an invoice was for, line by line, as the statement feed gives it: each service, what was
 * charged, what insurance paid and adjusted, what the patient already paid and what is left (the
 * line's own arithmetic is checked), with the payer and the claim's status.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    lineNumber: integer('line_number').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    procedureCode: text('procedure_code').notNull(),
    description: text('description').notNull(),
    units: integer('units').notNull(),
    chargeCents: integer('charge_cents').notNull(),
    insurancePaidCents: integer('insurance_paid_cents').notNull(),
    adjustmentsCents: integer('adjustments_cents').notNull(),
    patientPaidCents: integer('patient_paid_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    payerName: text('payer_name').notNull().default(''),
    claimStatus: text('claim_status').notNull().default(''),
  },
  (t) => [
    foreignKey({
      name: 'invoice_lines_invoice_fk',
      columns: [t.clientId, t.invoiceId],
      foreignColumns: [invoices.clientId, invoices.id],
    }).onDelete('cascade'),
    unique('invoice_lines_invoice_line_unique').on(t.clientId, t.invoiceId, t.lineNumber),
    check('invoice_lines_line_number_positive', sql`${t.lineNumber} > 0`),
    check('invoice_lines_units_positive', sql`${t.units} > 0`),
    check(
      'invoice_lines_amounts_not_negative',
      sql`${t.chargeCents} >= 0 and ${t.insurancePaidCents} >= 0 and ${t.adjustmentsCents} >= 0 and ${t.patientPaidCents} >= 0 and ${t.balanceCents} >= 0`,
    ),
    check(
      'invoice_lines_add_up',
      sql`${t.chargeCents} - ${t.insurancePaidCents} - ${t.adjustmentsCents} - ${t.patientPaidCents} = ${t.balanceCents}`,
    ),
  ],
);


/**
 * A client's keys for the partner API. The key is shown once, when it is made; only its
 * SHA-256 (hex) is kept, with a prefix that names it in lists and logs. A revoked key stays
 * listed and answers 401.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    prefix: text('prefix').notNull().unique('api_keys_prefix_unique'),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    unique('api_keys_client_id_unique').on(t.clientId, t.id),
    check('api_keys_scopes', sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['bills:write', 'payments:read', 'refunds:write', 'webhooks:write']`),
  ],
);

/** Every call made with an API key: which key, what, when, from where, and the answer's status. */
export const apiKeyCalls = pgTable(
  'api_key_calls',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    apiKeyId: integer('api_key_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    calledAt: timestamptz('called_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'api_key_calls_key_fk', columns: [t.clientId, t.apiKeyId], foreignColumns: [apiKeys.clientId, apiKeys.id] }).onDelete('cascade'),
    index('api_key_calls_key_time_idx').on(t.apiKeyId, t.calledAt),
  ],
);

/**
 * One statement file (CSV or JSON) a client sent, and its report: what it created, updated, left
 * unchanged and closed, and how many rows were refused (each in `statement_import_problems`). A
 * file refused whole says why in `message`. `checksum` (SHA-256 of the bytes) refuses an exact
 * repeat of a file that was imported.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    source: text('source').$type<'csv' | 'json'>().notNull(),
    fileName: text('file_name').notNull().default(''),
    checksum: text('checksum').notNull(),
    scope: text('scope').$type<'full' | 'partial'>().notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    producedAt: timestamptz('produced_at'),
    status: text('status').$type<'running' | 'imported' | 'refused'>().notNull(),
    message: text('message'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsRefused: integer('rows_refused').notNull().default(0),
    accountsCreated: integer('accounts_created').notNull().default(0),
    accountsUpdated: integer('accounts_updated').notNull().default(0),
    accountsUnchanged: integer('accounts_unchanged').notNull().default(0),
    invoicesCreated: integer('invoices_created').notNull().default(0),
    invoicesUpdated: integer('invoices_updated').notNull().default(0),
    invoicesUnchanged: integer('invoices_unchanged').notNull().default(0),
    invoicesClosed: integer('invoices_closed').notNull().default(0),
    apiKeyId: integer('api_key_id'),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    unique('statement_imports_client_id_unique').on(t.clientId, t.id),
    index('statement_imports_client_idx').on(t.clientId, t.id),
    // An exact repeat of an imported file is refused (a dry run or a refused file does not count).
    uniqueIndex('statement_imports_checksum_unique')
      .on(t.clientId, t.checksum)
      .where(sql`${t.status} = 'imported' and not ${t.dryRun}`),
    check('statement_imports_source', sql`${t.source} in ('csv', 'json')`),
    check('statement_imports_scope', sql`${t.scope} in ('full', 'partial')`),
    check('statement_imports_status', sql`${t.status} in ('running', 'imported', 'refused')`),
  ],
);

/** A row (or the whole file) an import refused: where, which column, and why in plain words. */
export const statementImportProblems = pgTable(
  'statement_import_problems',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    importId: integer('import_id').notNull(),
    /** The CSV line (the header is line 1), or null for a JSON statement. */
    line: integer('line'),
    /** Where in a JSON statement (`accounts[2].invoices[0].lines[1]`), or '' for a CSV line. */
    location: text('location').notNull().default(''),
    column: text('column').notNull().default(''),
    code: text('code').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'statement_import_problems_import_fk',
      columns: [t.clientId, t.importId],
      foreignColumns: [statementImports.clientId, statementImports.id],
    }).onDelete('cascade'),
    index('statement_import_problems_import_idx').on(t.importId, t.line),
  ],
);

/**
 * The rows of an import on their way in: each valid row of the file, staged in batches while the
 * file streams (so no file is held in memory, and other work goes on between the batches), checked
 * against each other, and then applied in one transaction. A refused row is kept with its account
 * number alone, so that its whole account is left as it was. Gone once the import ends.
 */
export const statementImportRows = pgTable(
  'statement_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    line: integer('line'),
    location: text('location').notNull().default(''),
    refused: boolean('refused').notNull().default(false),
    accountNumber: text('account_number'),
    guarantorName: text('guarantor_name'),
    guarantorEmail: text('guarantor_email'),
    guarantorPhone: text('guarantor_phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    patientName: text('patient_name'),
    patientBirthDate: date('patient_birth_date', { mode: 'string' }),
    invoiceNumber: text('invoice_number'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    lineNumber: integer('line_number'),
    serviceDate: date('service_date', { mode: 'string' }),
    procedureCode: text('procedure_code'),
    description: text('description'),
    units: integer('units'),
    chargeCents: integer('charge_cents'),
    insurancePaidCents: integer('insurance_paid_cents'),
    adjustmentsCents: integer('adjustments_cents'),
    patientPaidCents: integer('patient_paid_cents'),
    balanceCents: integer('balance_cents'),
    payerName: text('payer_name'),
    claimStatus: text('claim_status'),
    goodFaithEstimateCents: integer('good_faith_estimate_cents'),
    statementMessage: text('statement_message'),
  },
  (t) => [index('statement_import_rows_import_idx').on(t.importId, t.accountNumber, t.invoiceNumber)],
);

/** The kinds of money event: a payment captured, a refund of (part of) one, a payment voided before it settled. */
export const moneyEventTypes = ['payment.captured', 'payment.refunded', 'payment.voided'] as const;
export type MoneyEventType = (typeof moneyEventTypes)[number];
/** Who moved the money. */
export const moneyActorKinds = ['patient', 'guest', 'staff', 'apiKey'] as const;
export type MoneyActorKind = (typeof moneyActorKinds)[number];

/**
 * A refund of (part of) a payment, made by the billing office (an API key, or staff). The
 * idempotency key is unique per client: the same key again answers the first refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').notNull(),
    refundNumber: text('refund_number').notNull().unique('refunds_refund_number_unique'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * pending: recorded (its amount held from the payment's refundable) before the processor is
     * asked; settled: the processor made it, and the balances, the money event and the email are
     * written. A pending refund whose processor call failed is removed again.
     */
    status: text('status', { enum: ['pending', 'settled'] }).notNull().default('settled'),
    /** The processor's reference for the refund; null while pending. */
    processorRefundId: text('processor_refund_id'),
    /** Who asked for it (the money event's actor, written when it settles). */
    actorKind: text('actor_kind').$type<MoneyActorKind>().notNull().default('staff'),
    actorId: text('actor_id').notNull().default(''),
    refundedAt: timestamptz('refunded_at').notNull(),
  },
  (t) => [
    foreignKey({ name: 'refunds_payment_fk', columns: [t.clientId, t.paymentId], foreignColumns: [payments.clientId, payments.id] }),
    unique('refunds_idempotency_unique').on(t.clientId, t.idempotencyKey),
    unique('refunds_client_id_unique').on(t.clientId, t.id),
    index('refunds_payment_idx').on(t.clientId, t.paymentId),
    index('refunds_pending_idx').on(t.refundedAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status', sql`${t.status} in ('pending', 'settled')`),
    check('refunds_settled_has_processor_id', sql`${t.status} = 'pending' or ${t.processorRefundId} is not null`),
  ],
);

/**
 * The ledger: every captured payment, refund and void, written once in the transaction of the
 * change it reports, and never changed after (a trigger refuses update and delete). The posting
 * file, the webhooks and the patient's history of refunds read money from here. `event_id` is the
 * event's own id; `reference` names the money (a payment's confirmation number for a capture and
 * its void, a refund's number for a refund), `payment_reference` the payment it belongs to.
 * `amount_cents` is always positive: the type says the direction.
 */
export const moneyEvents = pgTable(
  'money_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull().unique('money_events_event_id_unique'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    type: text('type').$type<MoneyEventType>().notNull(),
    paymentId: integer('payment_id').notNull(),
    refundId: integer('refund_id'),
    reference: text('reference').notNull(),
    paymentReference: text('payment_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Where the money went (or came back from): each invoice with its amount. */
    lines: jsonb('lines').$type<MoneyEventLine[]>().notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    authorizationCode: text('authorization_code').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    actorKind: text('actor_kind').$type<MoneyActorKind>().notNull(),
    /** The user, staff member or API key (its prefix); '' for a guest. */
    actorId: text('actor_id').notNull().default(''),
  },
  (t) => [
    foreignKey({ name: 'money_events_payment_fk', columns: [t.clientId, t.paymentId], foreignColumns: [payments.clientId, payments.id] }),
    foreignKey({ name: 'money_events_refund_fk', columns: [t.clientId, t.refundId], foreignColumns: [refunds.clientId, refunds.id] }),
    foreignKey({ name: 'money_events_account_fk', columns: [t.clientId, t.accountId], foreignColumns: [accounts.clientId, accounts.id] }),
    index('money_events_client_time_idx').on(t.clientId, t.occurredAt, t.id),
    index('money_events_payment_idx').on(t.clientId, t.paymentId),
    check('money_events_type', sql`${t.type} in ('payment.captured', 'payment.refunded', 'payment.voided')`),
    check('money_events_actor_kind', sql`${t.actorKind} in ('patient', 'guest', 'staff', 'apiKey')`),
    check('money_events_amount_positive', sql`${t.amountCents} > 0`),
    check('money_events_refund_has_refund', sql`(${t.type} = 'payment.refunded') = (${t.refundId} is not null)`),
  ],
);

/** One invoice a money event moved money to or from. */
export interface MoneyEventLine {
  invoiceNumber: string;
  amountCents: number;
}


/**
 * A webhook secret rotated out: it signs beside the current one until `expiresAt` (ISO 8601).
 * `secret` is sealed, as the current one is.
 */
export interface RetiredWebhookSecret {
  secret: string;
  expiresAt: string;
}

/**
 * Where a client's webhooks go, signed as the Standard Webhooks specification says with the
 * endpoint's `whsec_` secret. Each secret rotated out keeps signing beside it for a day, until its
 * own `expiresAt` in `previous_secrets` (however many rotations that day), so a receiver may
 * switch at its own pace. An endpoint with no
 * event types listed receives them all. `created_by_api_key_id` is the key that added it (null:
 * a staff member or the operator): of the keys, only it may rotate the secret and read the new one.
 * The secrets are kept sealed under SECRETS_KEY (server/security/stored-secrets.ts), never plain:
 * the checks refuse a value that is not (added NOT VALID by migration 0018, so a database from
 * before it migrates; the portal seals its plain rows when it starts).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull().default(sql`'{}'::text[]`),
    secret: text('secret').notNull(),
    previousSecrets: jsonb('previous_secrets').$type<RetiredWebhookSecret[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    disabledAt: timestamptz('disabled_at'),
    createdByApiKeyId: integer('created_by_api_key_id'),
  },
  (t) => [
    unique('webhook_endpoints_client_id_unique').on(t.clientId, t.id),
    foreignKey({ name: 'webhook_endpoints_created_by_api_key_fk', columns: [t.clientId, t.createdByApiKeyId], foreignColumns: [apiKeys.clientId, apiKeys.id] }),
    check('webhook_endpoints_url', sql`${t.url} ~ '^https?://[^\\s]+$'`),
    check('webhook_endpoints_secret_sealed', sql`starts_with(${t.secret}, 'sb1.')`),
    check('webhook_endpoints_previous_secrets', sql`jsonb_typeof(${t.previousSecrets}) = 'array'`),
    check('webhook_endpoints_previous_secrets_sealed', sql`not jsonb_path_exists(${t.previousSecrets}, '$[*] ? (!(@.secret starts with "sb1."))')`),
  ],
);

/**
 * An event as webhooks send it (the same id, type and body on every delivery and replay), written
 * in the transaction of what it reports. `order_key` orders deliveries: one account's events (or
 * one client's imports) reach a receiver in the order they happened.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull().unique('webhook_events_event_id_unique'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').$type<WebhookSentEventType>().notNull(),
    orderKey: text('order_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [unique('webhook_events_client_id_unique').on(t.clientId, t.id), index('webhook_events_client_idx').on(t.clientId, t.id)],
);

/**
 * One event on its way to one endpoint: the truth of what must go out. A delivery is retried with
 * growing waits until it is answered 2xx (`delivered`) or 48 hours have passed (`failed`, shown
 * to the office, which may replay it: a new delivery of the same event). `job_id` is the queue's
 * job that carries it (null until one is made).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    eventId: integer('event_id').notNull(),
    endpointId: integer('endpoint_id').notNull(),
    /** The event's order key, beside its delivery: what a delivery job drains in order. */
    orderKey: text('order_key').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    /** What the last attempt got, for the operator's eyes (the database, the logs): never shown to the office. */
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    jobId: text('job_id'),
  },
  (t) => [
    foreignKey({ name: 'webhook_deliveries_event_fk', columns: [t.clientId, t.eventId], foreignColumns: [webhookEvents.clientId, webhookEvents.id] }).onDelete('cascade'),
    foreignKey({ name: 'webhook_deliveries_endpoint_fk', columns: [t.clientId, t.endpointId], foreignColumns: [webhookEndpoints.clientId, webhookEndpoints.id] }).onDelete('cascade'),
    index('webhook_deliveries_unqueued_idx').on(t.id).where(sql`${t.jobId} is null and ${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.clientId, t.endpointId, t.status, t.id),
    // What a delivery job reads: one endpoint's pending deliveries of one order key, oldest first.
    index('webhook_deliveries_pending_key_idx').on(t.endpointId, t.orderKey, t.id).where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('webhook_deliveries_last_error_short', sql`char_length(${t.lastError}) <= 300`),
  ],
);

/**
 * A client's staff: the billing office's people who use the console under /{client}/office/. A
 * staff member belongs to one client (the same email may be staff of another client apart) and
 * has one role. Invited staff have no password until they open their invitation; deactivated
 * staff keep their row (the audit trail names them) and cannot sign in. The second factor is a
 * passkey (`staff_passkeys`) or an authenticator app's secret (`totp_secret`, sealed as the
 * webhook secrets are, with the last time step accepted, so a code is good once);
 * `staff_recovery_codes` hold the ten one-time codes.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    status: text('status').$type<StaffStatus>().notNull().default('invited'),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    language: text('language'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    deactivatedAt: timestamptz('deactivated_at'),
  },
  (t) => [
    unique('staff_members_client_email_unique').on(t.clientId, t.email),
    unique('staff_members_client_id_unique').on(t.clientId, t.id),
    check('staff_members_role', sql`${t.role} in ('officeAdmin', 'billingStaff', 'readOnly')`),
    check('staff_members_status', sql`${t.status} in ('invited', 'active', 'deactivated')`),
    check('staff_members_totp_secret_sealed', sql`starts_with(${t.totpSecret}, 'sb1.')`),
  ],
);

export type StaffRole = 'officeAdmin' | 'billingStaff' | 'readOnly';
export type StaffStatus = 'invited' | 'active' | 'deactivated';

/** A staff member's invitation link (only its SHA-256 is kept); good once, until it expires. */
export const staffInvitations = pgTable('staff_invitations', {
  id: text('id').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** A staff member's passkeys: the credential's id (base64url), its public key and signature counter. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/** A staff member's one-time recovery codes (SHA-256 of each); a used one is kept with its time. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * Staff sessions, apart from patients' (their own cookie). `id` is the SHA-256 of the cookie's
 * token. `stage` says how far the sign-in went: `password` (the second factor is still owed),
 * `enrol` (an invitation was opened: a second factor must be set up first) or `verified`.
 * `challenge` is the passkey ceremony's challenge in flight, `pending_totp_secret` an authenticator
 * app's secret being set up (sealed).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<StaffSessionStage>().notNull(),
    challenge: text('challenge'),
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_idx').on(t.expiresAt),
    check('staff_sessions_stage', sql`${t.stage} in ('password', 'enrol', 'verified')`),
    check('staff_sessions_pending_totp_secret_sealed', sql`starts_with(${t.pendingTotpSecret}, 'sb1.')`),
  ],
);

export type StaffSessionStage = 'password' | 'enrol' | 'verified';

/**
 * The audit trail: every staff action and every API-key call, who (staff email or key prefix),
 * in which role, what, on which account, when, from which address, and the outcome. Append-only in
 * the database itself: a trigger refuses every update, and every delete of a row younger than six
 * years (the retention sweep removes older ones).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actor: text('actor').notNull(),
    role: text('role').notNull().default(''),
    action: text('action').notNull(),
    accountNumber: text('account_number'),
    target: text('target').notNull().default(''),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    detail: text('detail').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
  },
  (t) => [
    index('audit_events_client_time_idx').on(t.clientId, t.occurredAt),
    check('audit_events_actor_kind', sql`${t.actorKind} in ('staff', 'apiKey', 'operator')`),
    check('audit_events_outcome', sql`${t.outcome} in ('ok', 'refused', 'failed')`),
  ],
);

export type AuditActorKind = 'staff' | 'apiKey' | 'operator';
export type AuditOutcome = 'ok' | 'refused' | 'failed';
