/**
 * What the documents screen offers: a client's public documents, and a signed-in account's
 * statement and payment history. Every read of an account takes the caller's scope (the
 * session's client and account) and filters by it, so nobody reaches another's statement or
 * payments, whatever the request names.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import type { AccountDocuments, MoneyBack, PastPayment } from '@contracts/documents';
import { cardBrandSchema } from '@contracts/processor';
import type { Database } from '../../db/client';
import { invoices, moneyEvents, paymentLines, payments } from '../../db/schema';
import type { AccountScope } from '../../http/scope';
import type { AccountsService } from '../accounts/accounts.service';
import type { ClientRow, ClientsService } from '../clients/clients.service';
import type { PublicDocumentClient } from './public-document-pdf';
import type { StatementDocument } from './statement-pdf';

/** How many payments a statement lists (the screen lists them all, each with its receipt). */
export const STATEMENT_PAYMENTS = 10;

/** The client as its public documents name it. */
export function publicDocumentClient(client: ClientRow): PublicDocumentClient {
  return {
    code: client.code,
    name: client.name || client.code,
    phoneNumber: client.phoneNumber,
    mailPayableTo: client.mailPayableTo,
    mailAddressLines: client.mailAddressLines ?? [],
  };
}

/** Creates the documents service; `now` dates the statements. */
export function createDocumentsService({
  db,
  accounts,
  clients,
  now,
}: {
  db: Database;
  accounts: AccountsService;
  clients: ClientsService;
  now: () => Date;
}) {
  /** What each of these payments of the scope's client applied to each invoice, in the order paid. */
  async function linesOf(scope: AccountScope, paymentIds: number[]): Promise<Map<number, PastPayment['lines']>> {
    const rows =
      paymentIds.length === 0
        ? []
        : await db
            .select({ paymentId: paymentLines.paymentId, invoiceNumber: invoices.invoiceNumber, amountCents: paymentLines.amountCents })
            .from(paymentLines)
            .innerJoin(invoices, and(eq(invoices.clientId, paymentLines.clientId), eq(invoices.id, paymentLines.invoiceId)))
            .where(and(eq(paymentLines.clientId, scope.clientId), eq(invoices.accountId, scope.accountId), inArray(paymentLines.paymentId, paymentIds)))
            .orderBy(asc(paymentLines.id));
    const lines = new Map<number, PastPayment['lines']>();
    for (const { paymentId, ...line } of rows) lines.set(paymentId, [...(lines.get(paymentId) ?? []), line]);
    return lines;
  }

  /**
   * What was given back of each of these payments of the scope's account, in the order given back:
   * read from the money events, the one record of money that moved.
   */
  async function moneyBackOf(scope: AccountScope, paymentIds: number[]): Promise<Map<number, MoneyBack[]>> {
    const rows =
      paymentIds.length === 0
        ? []
        : await db
            .select({ paymentId: moneyEvents.paymentId, type: moneyEvents.type, at: moneyEvents.occurredAt, amountCents: moneyEvents.amountCents })
            .from(moneyEvents)
            .where(
              and(
                eq(moneyEvents.clientId, scope.clientId),
                eq(moneyEvents.accountId, scope.accountId),
                inArray(moneyEvents.paymentId, paymentIds),
                inArray(moneyEvents.type, ['payment.refunded', 'payment.voided']),
              ),
            )
            .orderBy(asc(moneyEvents.occurredAt), asc(moneyEvents.id));
    const given = new Map<number, MoneyBack[]>();
    for (const { paymentId, type, at, amountCents } of rows) {
      const back: MoneyBack = { kind: type === 'payment.voided' ? 'void' : 'refund', at: at.toISOString(), amountCents };
      given.set(paymentId, [...(given.get(paymentId) ?? []), back]);
    }
    return given;
  }

  /** The scope's payments, newest first (at most `limit` when given), each with the invoices it paid and what was given back of it. */
  async function pastPayments(scope: AccountScope, limit?: number): Promise<PastPayment[]> {
    const query = db
      .select({
        id: payments.id,
        confirmationNumber: payments.confirmationNumber,
        paidAt: payments.paidAt,
        totalCents: payments.totalCents,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
      })
      .from(payments)
      .where(and(eq(payments.clientId, scope.clientId), eq(payments.accountId, scope.accountId)))
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .$dynamic();
    const rows = await (limit === undefined ? query : query.limit(limit));
    const ids = rows.map((row) => row.id);
    const lines = await linesOf(scope, ids);
    const moneyBack = await moneyBackOf(scope, ids);
    return rows.map((row) => ({
      confirmationNumber: row.confirmationNumber,
      paidAt: row.paidAt.toISOString(),
      totalCents: row.totalCents,
      cardBrand: v.parse(cardBrandSchema, row.cardBrand),
      cardLast4: row.cardLast4,
      lines: lines.get(row.id) ?? [],
      refunds: moneyBack.get(row.id) ?? [],
    }));
  }

  return {
    pastPayments,

    /** The account's statement summary and every payment, or null when the account is not the scope's. */
    async accountDocuments(scope: AccountScope): Promise<AccountDocuments | null> {
      const information = await accounts.information(scope);
      if (!information) return null;
      return {
        accountNumber: information.accountNumber,
        holderName: information.holderName,
        totalDueCents: information.totalDueCents,
        payments: await pastPayments(scope),
      };
    },

    /** What the account's statement shows today, or null when the account is not the scope's. */
    async statement(scope: AccountScope): Promise<StatementDocument | null> {
      const information = await accounts.information(scope);
      if (!information) return null;
      const client = await clients.byId(scope.clientId);
      return {
        clientName: client ? client.name || client.code : '',
        clientPhone: client?.phoneNumber ?? null,
        account: information,
        payments: await pastPayments(scope, STATEMENT_PAYMENTS),
        issuedAt: now(),
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
