/**
 * Giving money back: a refund of part or all of a payment, or the void of a payment whose
 * business day has not closed (the processor has not settled it). Both are the billing office's
 * (an API key with refunds:write, or staff), both run in one transaction with the payment's row
 * locked, so parallel refunds of one payment queue up and together never exceed it; the balances
 * rise again, the money event (and its webhooks) and the payer's email are written in the same
 * transaction. A refund is made once per idempotency key: the key again answers the first refund.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { cardBrandSchema } from '@contracts/processor';
import type { RefundAnswer, RefundRequest, VoidAnswer } from '@contracts/payments-out';
import { languageSchema } from '@contracts/session';
import { queryRows, type Database } from '../../db/client';
import { businessDaySql } from '../../lib/business-day';
import { accounts, clients, invoices, moneyEvents, paymentLines, payments, refunds, type MoneyEventLine } from '../../db/schema';
import { randomBase32, sha256Hex } from '../../security/tokens';
import { queueEmail } from '../mail/outbox';
import { recordMoneyEvent, type MoneyActor } from '../money/money-events';
import type { CardProcessorFor } from '../processor/card-processor';
import { canonicalJson } from '../../lib/canonical-json';
import { moneyBackEmail } from './refund-email';

export type RefundRefusal = 'notFound' | 'amountExceedsRefundable' | 'paymentVoided' | 'idempotencyKeyReused' | 'paymentRefunded' | 'paymentSettled';

export type RefundOutcome = { kind: 'refunded'; refund: RefundAnswer; repeated: boolean } | { kind: 'refused'; refusal: RefundRefusal };
export type VoidOutcome = { kind: 'voided'; answer: VoidAnswer; repeated: boolean } | { kind: 'refused'; refusal: RefundRefusal };

/** `R-` and 10 random base32 characters. */
function newRefundNumber(): string {
  return `R-${randomBase32(10)}`;
}

type PaymentRow = typeof payments.$inferSelect;

/** Where the payment stands, for the answers. */
function standing(payment: PaymentRow): RefundAnswer['payment'] {
  return {
    confirmationNumber: payment.confirmationNumber,
    totalCents: payment.totalCents,
    refundedCents: payment.refundedCents,
    refundableCents: payment.voidedAt ? 0 : payment.totalCents - payment.refundedCents,
    voided: payment.voidedAt !== null,
  };
}

export function createRefundsService({ db, processorFor, now }: { db: Database; processorFor: CardProcessorFor; now: () => Date }) {
  /** The client's payment by its confirmation number or its id, locked until the transaction ends; null when not the client's. */
  async function lockPayment(tx: Database, clientId: number, which: { confirmationNumber: string } | { id: number }) {
    const [row] = await tx
      .select({ payment: payments, accountNumber: accounts.accountNumber })
      .from(payments)
      .innerJoin(accounts, and(eq(accounts.clientId, payments.clientId), eq(accounts.id, payments.accountId)))
      .where(and(eq(payments.clientId, clientId), 'id' in which ? eq(payments.id, which.id) : eq(payments.confirmationNumber, which.confirmationNumber)))
      .for('update', { of: payments });
    return row ?? null;
  }

  /**
   * Gives back `amountCents` across the payment's invoices, first line first, each up to what its
   * line paid and has not had back; raises their balances and opens those that were closed.
   * Returns where the money went.
   */
  async function giveBack(tx: Database, payment: PaymentRow, amountCents: number): Promise<MoneyEventLine[]> {
    const lines = await tx
      .select({ id: paymentLines.id, invoiceId: paymentLines.invoiceId, invoiceNumber: invoices.invoiceNumber, amountCents: paymentLines.amountCents, refundedCents: paymentLines.refundedCents })
      .from(paymentLines)
      .innerJoin(invoices, and(eq(invoices.clientId, paymentLines.clientId), eq(invoices.id, paymentLines.invoiceId)))
      .where(and(eq(paymentLines.clientId, payment.clientId), eq(paymentLines.paymentId, payment.id)))
      .orderBy(asc(paymentLines.id));
    let left = amountCents;
    const moved: MoneyEventLine[] = [];
    for (const line of lines) {
      const back = Math.min(left, line.amountCents - line.refundedCents);
      if (back <= 0) continue;
      await tx.update(paymentLines).set({ refundedCents: sql`${paymentLines.refundedCents} + ${back}` }).where(eq(paymentLines.id, line.id));
      // What is given back is owed again: an invoice its payment closed (paid in full) opens again.
      await tx
        .update(invoices)
        .set({ balanceCents: sql`${invoices.balanceCents} + ${back}`, closedAt: null })
        .where(and(eq(invoices.clientId, payment.clientId), eq(invoices.id, line.invoiceId)));
      moved.push({ invoiceNumber: line.invoiceNumber, amountCents: back });
      left -= back;
    }
    // The payment's own figure is checked against its lines' before this is called: it cannot run short.
    if (left !== 0) throw new Error('A refund did not fit the payment’s lines');
    return moved;
  }

  async function clientName(tx: Database, clientId: number): Promise<string> {
    const [row] = await tx.select({ name: clients.name, code: clients.code }).from(clients).where(eq(clients.id, clientId));
    return row?.name || row?.code || '';
  }

  /** Tells the payer, in the language they paid in. */
  async function emailPayer(tx: Database, payment: PaymentRow, accountNumber: string, kind: 'refund' | 'void', amountCents: number, at: Date): Promise<void> {
    const language = v.parse(languageSchema, payment.language);
    const email = moneyBackEmail(
      { kind, confirmationNumber: payment.confirmationNumber, accountNumber, amountCents, cardBrand: v.parse(cardBrandSchema, payment.cardBrand), cardLast4: payment.cardLast4, at },
      await clientName(tx, payment.clientId),
      language,
    );
    await queueEmail(tx, { clientId: payment.clientId, to: payment.email, language, ...email });
  }

  /**
   * What every giving back ends with, in its transaction: the money event (and its webhooks) and
   * the payer's email. Returns the event's id.
   */
  async function recordMoneyBack(
    tx: Database,
    { payment, accountNumber }: { payment: PaymentRow; accountNumber: string },
    back: { type: 'payment.refunded' | 'payment.voided'; refundId?: number; reference: string; amountCents: number; lines: MoneyEventLine[]; at: Date; actor: MoneyActor },
  ): Promise<string> {
    const eventId = await recordMoneyEvent(tx, {
      clientId: payment.clientId,
      accountId: payment.accountId,
      accountNumber,
      type: back.type,
      paymentId: payment.id,
      refundId: back.refundId ?? null,
      reference: back.reference,
      paymentReference: payment.confirmationNumber,
      amountCents: back.amountCents,
      lines: back.lines,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      authorizationCode: payment.authorizationCode,
      occurredAt: back.at,
      actor: back.actor,
    });
    await emailPayer(tx, payment, accountNumber, back.type === 'payment.refunded' ? 'refund' : 'void', back.amountCents, back.at);
    return eventId;
  }

  /** The refund with this key, as answered the first time. */
  async function refundAnswer(tx: Database, refundId: number): Promise<RefundAnswer> {
    const [row] = await tx
      .select({ refund: refunds, payment: payments, eventId: moneyEvents.eventId, lines: moneyEvents.lines })
      .from(refunds)
      .innerJoin(payments, and(eq(payments.clientId, refunds.clientId), eq(payments.id, refunds.paymentId)))
      .innerJoin(moneyEvents, and(eq(moneyEvents.clientId, refunds.clientId), eq(moneyEvents.refundId, refunds.id)))
      .where(eq(refunds.id, refundId));
    if (!row) throw new Error('A refund has no money event');
    return {
      refundNumber: row.refund.refundNumber,
      eventId: row.eventId,
      amountCents: row.refund.amountCents,
      reason: row.refund.reason,
      refundedAt: row.refund.refundedAt.toISOString(),
      lines: row.lines,
      payment: standing(row.payment),
    };
  }

  /** Whether the payment's business day (in the client's time zone, up to its cut-off) is still today's. */
  async function isSameBusinessDay(tx: Database, clientId: number, paidAt: Date, at: Date): Promise<boolean> {
    const [row] = await queryRows<{ same: boolean }>(
      tx,
      sql`select ${businessDaySql(sql`${paidAt}::timestamptz`)} = ${businessDaySql(sql`${at}::timestamptz`)} as same
          from clients where id = ${clientId}`,
    );
    return row?.same ?? false;
  }

  /** The processor's idempotency key for the client's refund key: the same refund whenever it is asked again. */
  const processorKey = (clientId: number, idempotencyKey: string) => sha256Hex(`refund:${String(clientId)}:${idempotencyKey}`);

  /**
   * Asks the processor for the pending refund `refundId` and settles it; if the processor refuses,
   * removes the pending refund and frees its amount, and throws. Answers the refund as made.
   */
  async function settle(refundId: number): Promise<RefundAnswer> {
    const [pending] = await db
      .select({ refund: refunds, authorizationId: payments.authorizationId })
      .from(refunds)
      .innerJoin(payments, and(eq(payments.clientId, refunds.clientId), eq(payments.id, refunds.paymentId)))
      .where(eq(refunds.id, refundId));
    if (!pending) throw new Error('A pending refund is gone');
    const { refund } = pending;
    let processorRefundId: string;
    try {
      ({ refundId: processorRefundId } = await processorFor(db).refund({
        authorizationId: pending.authorizationId,
        amountCents: refund.amountCents,
        idempotencyKey: processorKey(refund.clientId, refund.idempotencyKey),
      }));
    } catch (error) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'))).returning({ amountCents: refunds.amountCents });
        if (removed) {
          await tx
            .update(payments)
            .set({ refundedCents: sql`${payments.refundedCents} - ${removed.amountCents}` })
            .where(and(eq(payments.clientId, refund.clientId), eq(payments.id, refund.paymentId)));
        }
      });
      throw error;
    }
    return db.transaction(async (tx) => {
      const found = await lockPayment(tx, refund.clientId, { id: refund.paymentId });
      if (!found) throw new Error('A refund’s payment is gone');
      const [claimed] = await tx
        .update(refunds)
        .set({ status: 'settled', processorRefundId })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning();
      // Settled meanwhile by another asking (the key again, or the sweep): the same refund.
      if (!claimed) return refundAnswer(tx, refundId);
      const lines = await giveBack(tx, found.payment, claimed.amountCents);
      await recordMoneyBack(tx, found, { type: 'payment.refunded', refundId: claimed.id, reference: claimed.refundNumber, amountCents: claimed.amountCents, lines, at: claimed.refundedAt, actor: { kind: claimed.actorKind, id: claimed.actorId } });
      return refundAnswer(tx, claimed.id);
    });
  }

  return {
    /**
     * Refunds part or all of the client's payment `confirmationNumber`, in three steps, as money
     * that leaves through an outside processor must: the refund is recorded first as pending (its
     * amount held from what is left to refund, so parallel refunds never exceed the payment);
     * then the processor is asked, once per key (its own idempotency key), outside any
     * transaction; then it is settled: the balances rise, the money event and the email are
     * written. If the processor refuses or cannot be reached, the pending refund is removed and
     * the amount freed. If settling fails after the processor made the refund, the pending row
     * keeps it on record: the same key again (or `settlePending`) asks the processor again, which
     * answers the same refund, and settles it once.
     */
    async refund(clientId: number, confirmationNumber: string, idempotencyKey: string, request: RefundRequest, actor: MoneyActor): Promise<RefundOutcome> {
      const hash = sha256Hex(canonicalJson({ confirmationNumber, ...request }));
      const intent = await db.transaction(async (tx): Promise<RefundOutcome | { kind: 'pending'; refundId: number }> => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`refund:${String(clientId)}:${idempotencyKey}`}, 0))`);
        const [earlier] = await tx
          .select({ id: refunds.id, requestHash: refunds.requestHash, status: refunds.status })
          .from(refunds)
          .where(and(eq(refunds.clientId, clientId), eq(refunds.idempotencyKey, idempotencyKey)));
        if (earlier) {
          if (earlier.requestHash !== hash) return { kind: 'refused', refusal: 'idempotencyKeyReused' };
          if (earlier.status === 'pending') return { kind: 'pending', refundId: earlier.id };
          return { kind: 'refunded', refund: await refundAnswer(tx, earlier.id), repeated: true };
        }
        const found = await lockPayment(tx, clientId, { confirmationNumber });
        if (!found) return { kind: 'refused', refusal: 'notFound' };
        const { payment } = found;
        if (payment.voidedAt) return { kind: 'refused', refusal: 'paymentVoided' };
        if (request.amountCents > payment.totalCents - payment.refundedCents) return { kind: 'refused', refusal: 'amountExceedsRefundable' };
        await tx.update(payments).set({ refundedCents: sql`${payments.refundedCents} + ${request.amountCents}` }).where(eq(payments.id, payment.id));
        const [made] = await tx
          .insert(refunds)
          .values({
            clientId,
            paymentId: payment.id,
            refundNumber: newRefundNumber(),
            idempotencyKey,
            requestHash: hash,
            amountCents: request.amountCents,
            reason: request.reason,
            status: 'pending',
            processorRefundId: null,
            actorKind: actor.kind,
            actorId: actor.id,
            refundedAt: now(),
          })
          .returning({ id: refunds.id });
        if (!made) throw new Error('A refund was not written');
        return { kind: 'pending', refundId: made.id };
      });
      if (intent.kind !== 'pending') return intent;
      const refund = await settle(intent.refundId);
      return { kind: 'refunded', refund, repeated: false };
    },

    /** Asks the processor again for every refund left pending longer than `olderThanMs`, and settles it (housekeeping). Returns how many. */
    async settlePending(olderThanMs: number): Promise<number> {
      const stale = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.status, 'pending'), lt(refunds.refundedAt, new Date(now().getTime() - olderThanMs))));
      let settled = 0;
      for (const { id } of stale) {
        try {
          await settle(id);
          settled += 1;
        } catch {
          // Left pending (or freed, if the processor refused): the next sweep tries again.
        }
      }
      return settled;
    },

    /**
     * Voids the client's payment while its business day is open: the whole amount goes back and
     * the card is not charged. Voiding a voided payment answers the void again.
     */
    async voidPayment(clientId: number, confirmationNumber: string, actor: MoneyActor): Promise<VoidOutcome> {
      return db.transaction(async (tx): Promise<VoidOutcome> => {
        const found = await lockPayment(tx, clientId, { confirmationNumber });
        if (!found) return { kind: 'refused', refusal: 'notFound' };
        const { payment } = found;
        if (payment.voidedAt) {
          const [event] = await tx
            .select({ eventId: moneyEvents.eventId })
            .from(moneyEvents)
            .where(and(eq(moneyEvents.clientId, clientId), eq(moneyEvents.paymentId, payment.id), eq(moneyEvents.type, 'payment.voided')));
          if (!event) throw new Error('A voided payment has no money event');
          return { kind: 'voided', answer: { eventId: event.eventId, voidedAt: payment.voidedAt.toISOString(), amountCents: payment.totalCents, payment: standing(payment) }, repeated: true };
        }
        if (payment.refundedCents > 0) return { kind: 'refused', refusal: 'paymentRefunded' };
        const at = now();
        if (!(await isSameBusinessDay(tx, clientId, payment.paidAt, at))) return { kind: 'refused', refusal: 'paymentSettled' };
        await processorFor(tx).voidAuthorization(payment.authorizationId);
        const lines = await giveBack(tx, payment, payment.totalCents);
        const [voided] = await tx.update(payments).set({ refundedCents: payment.totalCents, voidedAt: at }).where(eq(payments.id, payment.id)).returning();
        if (!voided) throw new Error('A payment was not voided');
        const eventId = await recordMoneyBack(tx, found, { type: 'payment.voided', reference: payment.confirmationNumber, amountCents: payment.totalCents, lines, at, actor });
        return { kind: 'voided', answer: { eventId, voidedAt: at.toISOString(), amountCents: payment.totalCents, payment: standing(voided) }, repeated: false };
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
