/**
 * What the console reads for the billing office, always for the staff session's client: Today,
 * the accounts it finds and shows (as their patients see them, with their registered users), and
 * the payments it finds. The patients' own services give the invoices, payments and documents;
 * this module adds only what the office alone sees.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ACCOUNT_SEARCH_LIMIT,
  PAYMENT_PAGE_SIZE,
  TODAY_DELIVERIES,
  TODAY_IMPORTS,
  type AccountMatch,
  type AccountUser,
  type AccountView,
  type ConsolePayment,
  type LockedOut,
  type PaymentSearchQuery,
  type Today,
  type TodayMoney,
} from '@contracts/console-work';
import { publicDocumentKinds } from '@contracts/documents';
import { cardBrandSchema } from '@contracts/processor';
import { queryRows, type Database } from '../../db/client';
import { businessDaySql, clockOf, withinBusinessDaysSql } from '../../lib/business-day';
import { accounts, clients, loginAttempts, payments, userClients, users } from '../../db/schema';
import { centsAsDecimal } from '../../lib/cents';
import { csvExport } from '../../lib/csv-export';
import type { AccountRow, AccountsService } from '../../core/accounts/accounts.service';
import { normaliseReference } from '../../core/accounts/accounts.service';
import { normaliseEmail } from '../../lib/email-address';
import type { DocumentsService } from '../../core/documents/documents.service';
import type { ImportReports } from '../../core/statements/import-reports';
import type { WebhookEndpointsService } from '../../core/webhooks/webhook-endpoints.service';
import { clearSignInFailures, signInLocks, type SignInLock } from './sign-in-locks';
import { endUserSessions } from '../../core/sessions/session.service';

/** `%` and `_` typed in a search are looked for as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const moneyKinds = { 'payment.captured': 'payment', 'payment.refunded': 'refund', 'payment.voided': 'void' } as const;

/** Dollars and cents as a spreadsheet reads them: 120.00. */

export interface ConsoleWorkDeps {
  db: Database;
  accounts: AccountsService;
  documents: DocumentsService;
  reports: ImportReports;
  webhooks: WebhookEndpointsService;
  now: () => Date;
}

export function createConsoleWorkService({ db, accounts: accountsService, documents, reports, webhooks, now }: ConsoleWorkDeps) {
  /** The business day's money events, in the order they happened, with the running total. */
  async function todaysMoney(clientId: number, at: Date): Promise<{ businessDate: string; timeZone: string; money: TodayMoney[] }> {
    const instant = sql`${at.toISOString()}::timestamptz`;
    const [day] = await queryRows<{ business_date: string; time_zone: string }>(
      db,
      sql`select ${businessDaySql(instant)}::text as business_date, time_zone from clients where id = ${clientId}`,
    );
    // A business day never spans more than two calendar days: the index narrows, the day decides.
    const since = new Date(at.getTime() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const rows = await queryRows<{
      type: keyof typeof moneyKinds;
      reference: string;
      payment_reference: string;
      account_number: string;
      occurred_at: string | Date;
      amount_cents: number;
      card_brand: string;
      card_last4: string;
    }>(
      db,
      sql`select e.type, e.reference, e.payment_reference, a.account_number, e.occurred_at, e.amount_cents, e.card_brand, e.card_last4
          from money_events e
          join clients on clients.id = e.client_id
          join accounts a on a.client_id = e.client_id and a.id = e.account_id
          where e.client_id = ${clientId} and e.occurred_at > ${since}::timestamptz
            and ${businessDaySql(sql`e.occurred_at`)} = ${businessDaySql(instant)}
          order by e.occurred_at, e.id`,
    );
    let running = 0;
    const money = rows.map((row): TodayMoney => {
      const kind = moneyKinds[row.type];
      running += kind === 'payment' ? row.amount_cents : -row.amount_cents;
      return {
        kind,
        reference: row.reference,
        paymentReference: row.payment_reference,
        accountNumber: row.account_number,
        occurredAt: new Date(row.occurred_at).toISOString(),
        amountCents: row.amount_cents,
        cardBrand: v.parse(cardBrandSchema, row.card_brand),
        cardLast4: row.card_last4,
        runningTotalCents: running,
      };
    });
    return { businessDate: day?.business_date ?? '', timeZone: day?.time_zone ?? '', money };
  }

  /** The client's registered users (by email) and guest accounts held back from signing in now. */
  async function lockedOut(clientId: number, at: Date): Promise<LockedOut[]> {
    const [client] = await db.select({ code: clients.code }).from(clients).where(eq(clients.id, clientId));
    const guestPrefix = `guest:${client?.code ?? ''}:`;
    const members = await db
      .select({ email: users.email, accountNumber: userClients.accountNumber })
      .from(userClients)
      .innerJoin(users, eq(users.id, userClients.userId))
      .where(eq(userClients.clientId, clientId));
    const accountOf = new Map(members.map((member) => [member.email, member.accountNumber]));
    const keys = sql`(email in (select u.email from users u join user_clients uc on uc.user_id = u.id where uc.client_id = ${clientId})
                      or email like ${`${likeEscaped(guestPrefix)}%`})`;
    const locks = await signInLocks(db, at, keys);
    return [...locks].map(([key, lock]): LockedOut => {
      const guest = key.startsWith(guestPrefix);
      return {
        kind: guest ? 'guest' : 'user',
        email: guest ? null : key,
        accountNumber: guest ? key.slice(guestPrefix.length) : (accountOf.get(key) ?? null),
        retryAfterSeconds: lock.retryAfterSeconds,
        failures: lock.failures,
      };
    });
  }

  /** The registered users of the account, with what the office may help them with. */
  async function accountUsers(clientId: number, accountNumber: string, at: Date): Promise<AccountUser[]> {
    const rows = await queryRows<{
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      activated_at: string | Date | null;
      account_disabled: boolean;
      sessions: number;
    }>(
      db,
      sql`select u.id, u.email, u.first_name, u.last_name, u.activated_at, uc.account_disabled,
                 (select count(*)::int from sessions s where s.user_id = u.id and s.client_id = uc.client_id and s.expires_at > ${at.toISOString()}::timestamptz) as sessions
          from user_clients uc join users u on u.id = uc.user_id
          where uc.client_id = ${clientId} and uc.account_number = ${accountNumber}
          order by u.email`,
    );
    const emails = rows.map((row) => row.email);
    const locks = emails.length === 0 ? new Map<string, SignInLock>() : await signInLocks(db, at, inArray(loginAttempts.email, emails));
    return rows.map((row) => ({
      userId: row.id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
      activated: row.activated_at !== null,
      accountDisabled: row.account_disabled,
      lockedForSeconds: locks.get(row.email)?.retryAfterSeconds ?? 0,
      sessions: row.sessions,
    }));
  }

  /** The conditions of a payment search, for the client. */
  async function paymentFilter(clientId: number, query: PaymentSearchQuery): Promise<SQL | undefined> {
    const [client] = await db.select({ timeZone: clients.timeZone, cutoff: clients.postingCutoff }).from(clients).where(eq(clients.id, clientId));
    // Days are business days, as the posting file's: a payment listed under a day is in that day's file.
    const clock = clockOf(client?.timeZone ?? 'UTC', client?.cutoff ?? '00:00');
    const day = (date: string | undefined) => (date ? sql`${date}::date` : undefined);
    return and(
      eq(payments.clientId, clientId),
      query.from || query.to ? withinBusinessDaysSql(sql`${payments.paidAt}`, day(query.from), day(query.to), clock) : undefined,
      query.account ? eq(accounts.accountNumber, normaliseReference(query.account)) : undefined,
      query.amountCents === undefined ? undefined : eq(payments.totalCents, query.amountCents),
      query.last4 ? eq(payments.cardLast4, query.last4) : undefined,
    );
  }

  const paymentRows = () =>
    db
      .select({
        confirmationNumber: payments.confirmationNumber,
        accountNumber: accounts.accountNumber,
        paidAt: payments.paidAt,
        totalCents: payments.totalCents,
        refundedCents: payments.refundedCents,
        voidedAt: payments.voidedAt,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        payerName: payments.payerName,
        payerKind: payments.payerKind,
      })
      .from(payments)
      .innerJoin(accounts, and(eq(accounts.clientId, payments.clientId), eq(accounts.id, payments.accountId)))
      .$dynamic();

  type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number];

  const paymentView = (row: PaymentRow): ConsolePayment => ({
    confirmationNumber: row.confirmationNumber,
    accountNumber: row.accountNumber,
    paidAt: row.paidAt.toISOString(),
    totalCents: row.totalCents,
    refundedCents: row.refundedCents,
    refundableCents: row.voidedAt ? 0 : row.totalCents - row.refundedCents,
    voided: row.voidedAt !== null,
    cardBrand: v.parse(cardBrandSchema, row.cardBrand),
    cardLast4: row.cardLast4,
    payerName: row.payerName,
    payerKind: row.payerKind,
  });

  return {
    async today(clientId: number): Promise<Today> {
      const at = now();
      const [money, imports, failing, locked] = await Promise.all([
        todaysMoney(clientId, at),
        reports.list(clientId),
        webhooks.failing(clientId, TODAY_DELIVERIES),
        lockedOut(clientId, at),
      ]);
      const paymentsCents = money.money.filter((row) => row.kind === 'payment').reduce((sum, row) => sum + row.amountCents, 0);
      const refundsCents = money.money.filter((row) => row.kind !== 'payment').reduce((sum, row) => sum + row.amountCents, 0);
      return {
        ...money,
        paymentsCents,
        refundsCents,
        netCents: paymentsCents - refundsCents,
        imports: imports.slice(0, TODAY_IMPORTS),
        failingDeliveries: failing,
        lockedOut: locked,
      };
    },

    /** The client's accounts whose number, holder's name, registered user's email or invoice number fits the words. */
    async searchAccounts(clientId: number, words: string): Promise<{ accounts: AccountMatch[]; more: boolean }> {
      const reference = normaliseReference(words);
      const contains = `%${likeEscaped(words)}%`;
      const rows = await queryRows<{ account_number: string; holder_name: string; matched_by: AccountMatch['matchedBy']; open_balance_cents: number }>(
        db,
        sql`with hits as (
              select id as account_id, 'accountNumber' as matched_by, 1 as rank from accounts
                where client_id = ${clientId} and account_number like ${`${likeEscaped(reference)}%`}
              union all
              select account_id, 'invoiceNumber', 2 from invoices where client_id = ${clientId} and invoice_number = ${reference}
              union all
              select a.id, 'email', 3 from user_clients uc
                join users u on u.id = uc.user_id
                join accounts a on a.client_id = uc.client_id and a.account_number = uc.account_number
                where uc.client_id = ${clientId} and u.email like ${`%${likeEscaped(normaliseEmail(words))}%`}
              union all
              select id, 'name', 4 from accounts where client_id = ${clientId} and holder_name ilike ${contains}
            ),
            best as (select distinct on (account_id) account_id, matched_by, rank from hits order by account_id, rank)
            select a.account_number, a.holder_name, best.matched_by,
                   coalesce((select sum(i.balance_cents) from invoices i
                             where i.client_id = a.client_id and i.account_id = a.id and i.closed_at is null), 0)::int as open_balance_cents
            from best join accounts a on a.client_id = ${clientId} and a.id = best.account_id
            order by best.rank, a.account_number
            limit ${ACCOUNT_SEARCH_LIMIT + 1}`,
      );
      return {
        accounts: rows.slice(0, ACCOUNT_SEARCH_LIMIT).map((row) => ({
          accountNumber: row.account_number,
          holderName: row.holder_name,
          matchedBy: row.matched_by,
          openBalanceCents: row.open_balance_cents,
        })),
        more: rows.length > ACCOUNT_SEARCH_LIMIT,
      };
    },

    /** The client's account with this number, or null. */
    account(clientId: number, accountNumber: string): Promise<AccountRow | null> {
      return accountsService.byNumber({ clientId }, accountNumber);
    },

    /** What the account's patient sees, and its registered users. */
    async accountView(account: AccountRow): Promise<AccountView> {
      const scope = { clientId: account.clientId, accountId: account.id };
      const [information, paidInvoices, pastPayments, users] = await Promise.all([
        accountsService.information(scope),
        accountsService.paidInvoices(scope),
        documents.pastPayments(scope),
        accountUsers(account.clientId, account.accountNumber, now()),
      ]);
      return {
        account: information ?? { accountNumber: account.accountNumber, holderName: account.holderName, invoices: [], totalDueCents: 0 },
        contact: {
          email: account.email,
          phone: account.phone,
          address: [account.addressLine1, account.addressLine2, [account.city, account.region, account.guarantorPostalCode ?? ''].filter(Boolean).join(' ')].filter(Boolean),
        },
        paidInvoices,
        payments: pastPayments,
        documents: { statement: true, publicDocuments: [...publicDocumentKinds] },
        users,
      };
    },

    /** A registered user of the client's account, or null. */
    async accountUser(clientId: number, accountNumber: string, userId: number): Promise<{ id: number; email: string } | null> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(userClients)
        .innerJoin(users, eq(users.id, userClients.userId))
        .where(and(eq(userClients.clientId, clientId), eq(userClients.accountNumber, accountNumber), eq(userClients.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** One page of the client's payments that fit the query, newest first. */
    async searchPayments(clientId: number, query: PaymentSearchQuery): Promise<{ payments: ConsolePayment[]; page: number; more: boolean }> {
      const rows = await paymentRows()
        .where(await paymentFilter(clientId, query))
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .limit(PAYMENT_PAGE_SIZE + 1)
        .offset((query.page - 1) * PAYMENT_PAGE_SIZE);
      return { payments: rows.slice(0, PAYMENT_PAGE_SIZE).map(paymentView), page: query.page, more: rows.length > PAYMENT_PAGE_SIZE };
    },

    /** The client's payment with this confirmation number, as the search shows it, or null. */
    async payment(clientId: number, confirmationNumber: string): Promise<ConsolePayment | null> {
      const [row] = await paymentRows()
        .where(and(eq(payments.clientId, clientId), eq(payments.confirmationNumber, confirmationNumber)))
        .limit(1);
      return row ? paymentView(row) : null;
    },

    /** Every payment that fits the query, as CSV text (each cell safe in a spreadsheet), page by page. */
    async paymentsCsv(clientId: number, query: PaymentSearchQuery): Promise<AsyncIterable<string>> {
      const filter = await paymentFilter(clientId, query);
      const pageSize = 1000;
      async function* rows() {
        for (let offset = 0; ; offset += pageSize) {
          const page = await paymentRows().where(filter).orderBy(desc(payments.paidAt), desc(payments.id)).limit(pageSize).offset(offset);
          for (const payment of page.map(paymentView)) {
            yield [
              payment.confirmationNumber,
              payment.accountNumber,
              payment.paidAt,
              centsAsDecimal(payment.totalCents),
              centsAsDecimal(payment.refundedCents),
              centsAsDecimal(payment.refundableCents),
              payment.voided ? 'yes' : 'no',
              payment.cardBrand,
              payment.cardLast4,
              payment.payerName,
              payment.payerKind,
            ];
          }
          if (page.length < pageSize) return;
        }
      }
      return csvExport(
        ['confirmation_number', 'account_number', 'paid_at', 'total', 'refunded', 'refundable', 'voided', 'card_brand', 'card_last4', 'payer_name', 'payer_kind'],
        rows(),
      );
    },

    /** Signs the user out of every session under the client; how many ended. */
    endUserSessions(clientId: number, userId: number): Promise<number> {
      return endUserSessions(db, userId, { clientId });
    },

    /** Clears the sign-in failures that lock the email out; how many were cleared. */
    clearSignInLock(email: string): Promise<number> {
      return clearSignInFailures(db, email);
    },
  };
}

export type ConsoleWorkService = ReturnType<typeof createConsoleWorkService>;
