/**
 * The database schema, shared by the embedded PGlite database and PostgreSQL.
 *
 * Tenancy: `clients` is the tenant table. Every table that holds a tenant's data carries
 * `client_id`, and every query on it filters by that column (also the distribution key should
 * one PostgreSQL ever be outgrown). Accounts and invoices, when they arrive, follow the same rule:
 * a table with `client_id` referencing `clients.id`, and a nullable column on `sessions` for the
 * guest's account.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
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
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique('users_email_unique'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    language: text('language'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`)],
);

/** A user's membership of a client: the role and the billing account under that client. */
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
    index('user_clients_client_idx').on(t.clientId),
    check('user_clients_role', sql`${t.role} in ('ClientBillingUser', 'ClientBillingGuest')`),
  ],
);

/**
 * Server-side sessions. `id` is the SHA-256 (hex) of the cookie token, so a leaked table does not
 * give working cookies. Anonymous sessions (no user) only carry a language preference.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role'),
    language: text('language'),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins, by normalised email, for throttling that all replicas share. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull(),
  },
  (t) => [index('login_attempts_email_time_idx').on(t.email, t.attemptedAt)],
);
