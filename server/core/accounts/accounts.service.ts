/**
 * Billing accounts and their invoices. Every lookup takes the tenant scope (the client of the
 * session or of the sign-in) and filters by it, so a caller under one client cannot reach another
 * client's account even by guessing its id or number.
 */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountInformation, OpenInvoice, PaidInvoice } from '@contracts/accounts';
import type { Database } from '../../db/client';
import type { AccountScope, TenantScope } from '../../http/scope';
import { accounts, invoiceLines, invoices, paymentLines, payments } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;


/** Account and invoice numbers compare trimmed and case-insensitively; they are stored so. */
export function normaliseReference(text: string): string {
  return text.trim().toUpperCase();
}

/** Creates the account lookups over the database. */
export function createAccountsService({ db }: { db: Database }) {
  /**
   * The account summary in one round trip, prepared once (the SPA asks for it on every page that
   * shows a balance): the account, with one row per line of each open invoice (a balance left, not
   * closed), oldest invoice first and its lines in order, one row of nulls for the lines of an
   * invoice that has none, or one row of nulls beside the account when nothing is open.
   */
  const openInvoicesOfAccount = db
    .select({
      accountNumber: accounts.accountNumber,
      holderName: accounts.holderName,
      invoice: {
        invoiceNumber: invoices.invoiceNumber,
        description: invoices.description,
        invoiceDate: invoices.invoiceDate,
        dueDate: invoices.dueDate,
        amountCents: invoices.amountCents,
        balanceCents: invoices.balanceCents,
        patientName: invoices.patientName,
        goodFaithEstimateCents: invoices.goodFaithEstimateCents,
      },
      line: {
        lineNumber: invoiceLines.lineNumber,
        serviceDate: invoiceLines.serviceDate,
        procedureCode: invoiceLines.procedureCode,
        description: invoiceLines.description,
        units: invoiceLines.units,
        chargeCents: invoiceLines.chargeCents,
        insurancePaidCents: invoiceLines.insurancePaidCents,
        adjustmentsCents: invoiceLines.adjustmentsCents,
        patientPaidCents: invoiceLines.patientPaidCents,
        balanceCents: invoiceLines.balanceCents,
        payerName: invoiceLines.payerName,
        claimStatus: invoiceLines.claimStatus,
      },
    })
    .from(accounts)
    .leftJoin(
      invoices,
      and(
        eq(invoices.clientId, accounts.clientId),
        eq(invoices.accountId, accounts.id),
        gt(invoices.balanceCents, 0),
        isNull(invoices.closedAt),
      ),
    )
    .leftJoin(invoiceLines, and(eq(invoiceLines.clientId, invoices.clientId), eq(invoiceLines.invoiceId, invoices.id)))
    .where(and(eq(accounts.clientId, sql.placeholder('clientId')), eq(accounts.id, sql.placeholder('accountId'))))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber), asc(invoiceLines.lineNumber))
    .prepare('open_invoices_of_account');

  return {
    /** The account with this id under the scope's client, or null. */
    async byId(scope: TenantScope, accountId: number): Promise<AccountRow | null> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, scope.clientId), eq(accounts.id, accountId)))
        .limit(1);
      return row ?? null;
    },

    /** The account with this number (as typed) under the scope's client, or null. */
    async byNumber(scope: TenantScope, accountNumber: string): Promise<AccountRow | null> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, scope.clientId), eq(accounts.accountNumber, normaliseReference(accountNumber))))
        .limit(1);
      return row ?? null;
    },

    /**
     * The account a guest may sign in to: the account with this number whose invoices include
     * this number, both under the scope's client. One query whichever part is wrong, so neither
     * the answer nor its timing tells which.
     */
    async findGuestAccount(
      scope: TenantScope,
      { accountNumber, invoiceNumber }: { accountNumber: string; invoiceNumber: string },
    ): Promise<AccountRow | null> {
      const [row] = await db
        .select({ account: accounts })
        .from(invoices)
        .innerJoin(accounts, and(eq(accounts.clientId, invoices.clientId), eq(accounts.id, invoices.accountId)))
        .where(
          and(
            eq(invoices.clientId, scope.clientId),
            eq(invoices.invoiceNumber, normaliseReference(invoiceNumber)),
            eq(accounts.accountNumber, normaliseReference(accountNumber)),
          ),
        )
        .limit(1);
      return row?.account ?? null;
    },

    /**
     * The account summary: its open invoices (a balance left and not closed), oldest first, each
     * with its lines, and their total, or null when the account is not under the scope's client.
     */
    async information(scope: AccountScope): Promise<AccountInformation | null> {
      const rows = await openInvoicesOfAccount.execute({ clientId: scope.clientId, accountId: scope.accountId });
      const [account] = rows;
      if (!account) return null;
      // An invoice's rows come together (the order's first keys are the invoice's).
      const open: OpenInvoice[] = [];
      for (const { invoice, line } of rows) {
        if (!invoice) continue;
        const last = open.at(-1);
        const current = last?.invoiceNumber === invoice.invoiceNumber ? last : { ...invoice, lines: [] };
        if (current !== last) open.push(current);
        if (line) current.lines.push(line);
      }
      return {
        accountNumber: account.accountNumber,
        holderName: account.holderName,
        invoices: open,
        totalDueCents: open.reduce((sum, invoice) => sum + invoice.balanceCents, 0),
      };
    },

    /**
     * The account's paid invoices (nothing left to pay), the most recently paid first, each with
     * the portal payment that brought its balance to zero, if one did; those the billing office
     * settled come last, newest invoice first.
     */
    async paidInvoices(scope: AccountScope): Promise<PaidInvoice[]> {
      const rows = await db
        .select({
          invoiceNumber: invoices.invoiceNumber,
          description: invoices.description,
          invoiceDate: invoices.invoiceDate,
          amountCents: invoices.amountCents,
          paidAt: payments.paidAt,
          confirmationNumber: payments.confirmationNumber,
        })
        .from(invoices)
        .leftJoin(
          paymentLines,
          and(eq(paymentLines.clientId, invoices.clientId), eq(paymentLines.invoiceId, invoices.id), eq(paymentLines.balanceAfterCents, 0)),
        )
        .leftJoin(
          payments,
          and(eq(payments.clientId, paymentLines.clientId), eq(payments.id, paymentLines.paymentId), eq(payments.accountId, invoices.accountId)),
        )
        .where(and(eq(invoices.clientId, scope.clientId), eq(invoices.accountId, scope.accountId), eq(invoices.balanceCents, 0)))
        .orderBy(sql`${payments.paidAt} desc nulls last`, desc(invoices.invoiceDate), desc(invoices.invoiceNumber));
      // An invoice paid to zero, raised again by the billing office and paid again has two such payments: the latest tells.
      const seen = new Set<string>();
      return rows.flatMap((row) => {
        if (seen.has(row.invoiceNumber)) return [];
        seen.add(row.invoiceNumber);
        return [{ ...row, paidAt: row.paidAt?.toISOString() ?? null }];
      });
    },

    /** An account's invoices under the scope's client, oldest first. */
    async invoices(scope: TenantScope, accountId: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.clientId, scope.clientId), eq(invoices.accountId, accountId)))
        .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
