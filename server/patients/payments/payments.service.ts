/**
 * Paying invoices: the rules of MakePayment, receipts and the client's other ways to pay. Every
 * query is scoped by the session's client and account.
 *
 * MakePayment runs in one transaction under an advisory lock on (client, account, idempotency
 * key), so concurrent submissions with one key queue up: the first pays and stores the payment,
 * the others find it and answer its receipt. A refused card stores nothing under the key, so
 * the payer may try another card with the same key.
 *
 * The card is authorized first, the payment recorded, and only then is the amount captured, the
 * last step before the commit. When anything after the authorization fails (the commit included),
 * the authorization is voided: no money is taken without a payment row that says so.
 */
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { MAX_CENTS } from '@contracts/bounds';
import type { OpeningHours, PaymentOptions, Receipt } from '@contracts/payments';
import { cardBrandSchema } from '@contracts/processor';
import type { PaymentRequest } from '@contracts/payment-request';
import type { Language } from '@contracts/session';
import type { Database } from '../../db/client';
import { accounts, clients, invoices, paymentLines, payments } from '../../db/schema';
import type { AccountScope, TenantScope } from '../../http/scope';
import { randomBase32, sha256Hex } from '../../security/tokens';
import { canonicalJson } from '../../lib/canonical-json';
import { normaliseReference } from '../../core/accounts/accounts.service';
import { normaliseEmail } from '../../lib/email-address';
import type { ThrottleService } from '../../core/throttle/throttle.service';
import type { AuthorizeResult, CardProcessor, CardProcessorFor } from '../../core/processor/card-processor';
import { queueEmail } from '../../core/mail/outbox';
import { recordMoneyEvent } from '../../core/money/money-events';
import { receiptRecipientCheck } from '../../core/mail/recipient-limits';
import { receiptEmail } from '../../core/payments/receipt-email';
import { billingAddressOf, forgetBillingAddress, keepBillingAddress, savedBillingAddress, type PayerScope } from './saved-billing-address';


/** Why a payment was refused; the routes turn these into statuses and error codes. */
export type PaymentRefusal =
  | 'onlinePaymentsNotAccepted'
  | 'invalidLines'
  | 'invoiceNotOpen'
  | 'amountExceedsBalance'
  | 'cardDeclined'
  | 'insufficientFunds'
  | 'cardTokenInvalid'
  | 'idempotencyKeyReused';

export type PaymentOutcome =
  | { kind: 'paid'; receipt: Receipt; /** An earlier submission's receipt, answered again. */ repeated: boolean }
  | { kind: 'refused'; refusal: PaymentRefusal };

/** Who the receipt email is for, as the session says. */
export interface ReceiptOptions {
  /** The language of the receipt email. */
  language?: Language;
  /** The signed-in user's own address (none for a guest): receipts to it are never held back. */
  ownEmail?: string | undefined;
  /** The signed-in user (null for a guest): whose billing address the payment keeps or forgets. */
  userId?: number | null;
}

/** The receipt and what the PDF needs beside it. */
export interface ReceiptDocument {
  receipt: Receipt;
  clientName: string;
}

/** `P-` and 10 random base32 characters (50 bits). */
export function newConfirmationNumber(): string {
  return `P-${randomBase32(10)}`;
}

/**
 * The fingerprint stored with a payment, to tell a repeat from a key reused for another payment:
 * what is paid, with which card, billed where. Keeping the address is a consent beside it, not
 * part of the payment.
 */
export function requestHash({ lines, cardToken, billing }: PaymentRequest): string {
  return sha256Hex(canonicalJson({ lines, cardToken, billing }));
}

const refused = (refusal: PaymentRefusal): Refused => ({ kind: 'refused', refusal });

/** A refusal rather than the value a step would hand on. */
function isRefusal(value: object): value is Refused {
  return 'kind' in value && value.kind === 'refused';
}

type Refused = Extract<PaymentOutcome, { kind: 'refused' }>;
type Line = PaymentRequest['lines'][number];
interface PlannedLine extends Line {
  invoiceId: number;
  balanceCents: number;
}

/** The lines with their invoice numbers as stored, each invoice once, and their total within range. */
function planLines(request: PaymentRequest): { lines: Line[]; totalCents: number } | Refused {
  const lines = request.lines.map((line) => ({ invoiceNumber: normaliseReference(line.invoiceNumber), amountCents: line.amountCents }));
  const numbers = lines.map((line) => line.invoiceNumber);
  if (new Set(numbers).size !== numbers.length) return refused('invalidLines');
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (totalCents > MAX_CENTS) return refused('invalidLines');
  return { lines, totalCents };
}

/**
 * The account's invoices for the lines, locked until the transaction ends (so the balances
 * checked are the balances lowered): each must be open and cover its amount.
 */
async function lockAndCheckInvoices(tx: Database, scope: AccountScope, lines: Line[]): Promise<PlannedLine[] | Refused> {
  const open = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, balanceCents: invoices.balanceCents, closedAt: invoices.closedAt })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, scope.clientId),
        eq(invoices.accountId, scope.accountId),
        inArray(
          invoices.invoiceNumber,
          lines.map((line) => line.invoiceNumber),
        ),
      ),
    )
    .for('update');
  const byNumber = new Map(open.map((invoice) => [invoice.invoiceNumber, invoice]));
  const planned: PlannedLine[] = [];
  for (const line of lines) {
    const invoice = byNumber.get(line.invoiceNumber);
    // Closed by the billing office (a full statement no longer names it): not payable, whatever its balance.
    if (!invoice || invoice.balanceCents <= 0 || invoice.closedAt !== null) return refused('invoiceNotOpen');
    planned.push({ ...line, invoiceId: invoice.id, balanceCents: invoice.balanceCents });
  }
  if (planned.some((line) => line.amountCents > line.balanceCents)) return refused('amountExceedsBalance');
  return planned;
}

type Authorized = Extract<AuthorizeResult, { status: 'approved' }>;

/**
 * Authorizes the amount on the card. The processor keeps results by key; with the token in the
 * key, another card after a refusal is a new attempt. A refusal stores nothing under the payment's key.
 */
async function authorizeCard(processor: CardProcessor, token: string, amountCents: number, lockName: string): Promise<Authorized | Refused> {
  const authorization = await processor.authorize({ token, amountCents, idempotencyKey: sha256Hex(`${lockName}:${token}`) });
  if (authorization.status === 'declined') return refused('cardDeclined');
  if (authorization.status === 'insufficientFunds') return refused('insufficientFunds');
  if (authorization.status === 'tokenInvalid') return refused('cardTokenInvalid');
  return authorization;
}

/**
 * Voids an authorization whose payment did not commit, and hands on why the payment failed (with
 * the void's own failure beside it, if the processor refused that too).
 */
async function voidAfterFailure(processor: CardProcessor, authorizationId: string, failure: unknown): Promise<never> {
  try {
    await processor.voidAuthorization(authorizationId);
  } catch (voidFailure) {
    throw new AggregateError([failure, voidFailure], 'A payment failed after its card was authorized, and voiding the authorization failed too', {
      cause: voidFailure,
    });
  }
  throw failure;
}

/** Stores the payment under a fresh confirmation number and returns its id. */
async function recordPayment(
  tx: Database,
  scope: AccountScope,
  payment: {
    idempotencyKey: string;
    hash: string;
    totalCents: number;
    card: Authorized;
    request: PaymentRequest;
    paidAt: Date;
    userId: number | null;
    language: Language;
  },
): Promise<number> {
  const { billing } = payment.request;
  // A clash of random confirmation numbers is all but impossible; draw again if it happens.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [inserted] = await tx
      .insert(payments)
      .values({
        clientId: scope.clientId,
        accountId: scope.accountId,
        confirmationNumber: newConfirmationNumber(),
        idempotencyKey: payment.idempotencyKey,
        requestHash: payment.hash,
        paidAt: payment.paidAt,
        totalCents: payment.totalCents,
        cardBrand: payment.card.brand,
        cardLast4: payment.card.last4,
        authorizationCode: payment.card.authorizationCode,
        authorizationId: payment.card.authorizationId,
        payerKind: payment.userId === null ? 'guest' : 'patient',
        userId: payment.userId,
        language: payment.language,
        payerName: billing.payerName,
        email: billing.email,
        ...billingAddressOf(billing),
      })
      .onConflictDoNothing({ target: payments.confirmationNumber })
      .returning({ id: payments.id });
    if (inserted) return inserted.id;
  }
  throw new Error('No free confirmation number');
}

/** Lowers each invoice's balance by its line and records the line with the balance after it. */
async function lowerBalances(tx: Database, scope: AccountScope, paymentId: number, planned: PlannedLine[]): Promise<void> {
  for (const line of planned) {
    const [updated] = await tx
      .update(invoices)
      .set({ balanceCents: sql`${invoices.balanceCents} - ${line.amountCents}` })
      .where(
        and(
          eq(invoices.clientId, scope.clientId),
          eq(invoices.accountId, scope.accountId),
          eq(invoices.id, line.invoiceId),
          gte(invoices.balanceCents, line.amountCents),
        ),
      )
      .returning({ balanceCents: invoices.balanceCents });
    // Cannot happen under the row lock; if it did, the whole payment rolls back.
    if (!updated) throw new Error('An invoice balance changed during a payment');
    await tx.insert(paymentLines).values({
      paymentId,
      clientId: scope.clientId,
      invoiceId: line.invoiceId,
      amountCents: line.amountCents,
      balanceAfterCents: updated.balanceCents,
    });
  }
}

/** Queues the receipt email in the payment's transaction: only a payment that commits mails it. */
async function queueReceiptEmail(tx: Database, scope: TenantScope, receipt: Receipt, clientName: string, language: Language): Promise<void> {
  await queueEmail(tx, { clientId: scope.clientId, to: receipt.email, language, ...receiptEmail(receipt, clientName, language) });
}

/** Creates the payments service; `processorFor` is the card processor adapter. */
export function createPaymentsService({
  db,
  processorFor,
  throttle,
  now,
}: {
  db: Database;
  processorFor: CardProcessorFor;
  /** Counts receipt emails per billing address. */
  throttle: ThrottleService;
  now: () => Date;
}) {
  /**
   * Whether the receipt may be emailed to the billing address typed: always to the signed-in
   * user's own address, else within the limit per address across all payers
   * (`mail/recipient-limits.ts`). Counted in the payment's transaction, so a payment that does not
   * commit counts nothing; over the limit the payment goes on without the email.
   */
  async function mayEmailReceipt(tx: Database, billingEmail: string, ownEmail: string | undefined): Promise<boolean> {
    const address = normaliseEmail(billingEmail);
    if (ownEmail && normaliseEmail(ownEmail) === address) return true;
    return (await throttle.reserveWithin(tx, [receiptRecipientCheck(address)])).kind === 'reserved';
  }

  /** The receipt of the payment matching `condition` under the scope, read through `executor`. */
  async function receiptWhere(executor: Database, scope: AccountScope, condition: SQL): Promise<Receipt | null> {
    const [row] = await executor
      .select({ payment: payments, accountNumber: accounts.accountNumber, holderName: accounts.holderName })
      .from(payments)
      .innerJoin(accounts, and(eq(accounts.clientId, payments.clientId), eq(accounts.id, payments.accountId)))
      .where(and(eq(payments.clientId, scope.clientId), eq(payments.accountId, scope.accountId), condition))
      .limit(1);
    if (!row) return null;
    const lines = await executor
      .select({
        invoiceNumber: invoices.invoiceNumber,
        description: invoices.description,
        amountCents: paymentLines.amountCents,
        balanceAfterCents: paymentLines.balanceAfterCents,
      })
      .from(paymentLines)
      .innerJoin(invoices, and(eq(invoices.clientId, paymentLines.clientId), eq(invoices.id, paymentLines.invoiceId)))
      .where(and(eq(paymentLines.clientId, scope.clientId), eq(paymentLines.paymentId, row.payment.id)))
      .orderBy(asc(paymentLines.id));
    const { payment } = row;
    return {
      confirmationNumber: payment.confirmationNumber,
      paidAt: payment.paidAt.toISOString(),
      accountNumber: row.accountNumber,
      holderName: row.holderName,
      lines,
      totalCents: payment.totalCents,
      cardBrand: v.parse(cardBrandSchema, payment.cardBrand),
      cardLast4: payment.cardLast4,
      payerName: payment.payerName,
      email: payment.email,
    };
  }

  async function clientRow(clientId: number) {
    const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
    return row ?? null;
  }

  return {
    /**
     * Applies a payment: checks the client, the invoices (this account's, open, each once) and
     * the amounts (above zero, at most the balance), authorizes the card, records the payment,
     * lowers the balances and captures, all in one transaction (voiding the authorization if it
     * does not commit). The same key and body again answer the first receipt; the same key with
     * another body is refused.
     */
    async makePayment(
      scope: AccountScope,
      idempotencyKey: string,
      request: PaymentRequest,
      { language = 'en-US', ownEmail, userId = null }: ReceiptOptions = {},
    ): Promise<PaymentOutcome> {
      const client = await clientTakingCards(scope);
      if (!client) return refused('onlinePaymentsNotAccepted');
      const plan = planLines(request);
      if (isRefusal(plan)) return plan;
      const hash = requestHash(request);

      // Set once the card is authorized: from then on, a failure must void it.
      const attempt: { authorizationId?: string } = {};
      try {
        return await db.transaction(async (tx): Promise<PaymentOutcome> => {
          const lockName = await lockIdempotencyKey(tx, scope, idempotencyKey);
          const earlier = await findEarlierOutcome(tx, scope, idempotencyKey, hash);
          if (earlier) return earlier;
          const planned = await lockAndCheckInvoices(tx, scope, plan.lines);
          if (isRefusal(planned)) return planned;
          const processor = processorFor(tx);
          const card = await authorizeCard(processor, request.cardToken, plan.totalCents, lockName);
          if (isRefusal(card)) return card;
          attempt.authorizationId = card.authorizationId;
          const paidAt = now();
          const paymentId = await recordPayment(tx, scope, { idempotencyKey, hash, totalCents: plan.totalCents, card, request, paidAt, userId, language });
          await lowerBalances(tx, scope, paymentId, planned);
          const receipt = await receiptWhere(tx, scope, eq(payments.id, paymentId));
          if (!receipt) throw new Error('A new payment has no receipt');
          await recordMoneyEvent(tx, {
            ...scope,
            accountNumber: receipt.accountNumber,
            type: 'payment.captured',
            paymentId,
            reference: receipt.confirmationNumber,
            paymentReference: receipt.confirmationNumber,
            amountCents: plan.totalCents,
            lines: planned.map(({ invoiceNumber, amountCents }) => ({ invoiceNumber, amountCents })),
            cardBrand: card.brand,
            cardLast4: card.last4,
            authorizationCode: card.authorizationCode,
            occurredAt: paidAt,
            actor: userId === null ? { kind: 'guest', id: '' } : { kind: 'patient', id: String(userId) },
          });
          if (await mayEmailReceipt(tx, receipt.email, ownEmail)) await queueReceiptEmail(tx, scope, receipt, client.name || client.code, language);
          // The payer's consent on the billing step, with the payment: a guest's address is never kept.
          if (userId !== null) {
            const payer = { clientId: scope.clientId, userId };
            if (request.rememberAddress) await keepBillingAddress(tx, payer, request.billing, now());
            else await forgetBillingAddress(tx, payer);
          }
          await processor.capture(card.authorizationId);
          return { kind: 'paid', receipt, repeated: false };
        });
      } catch (failure) {
        // The transaction is over (rolled back), so the void goes outside it.
        if (attempt.authorizationId !== undefined) return voidAfterFailure(processorFor(db), attempt.authorizationId, failure);
        throw failure;
      }

      /** The session's client, when it takes card payments here (not on its own external page). */
      async function clientTakingCards(target: TenantScope) {
        const row = await clientRow(target.clientId);
        return row?.acceptsOnlinePayments && !row.externalCcLink ? row : null;
      }

      /**
       * Serialises submissions with this key (across replicas too); others go on in parallel. The
       * lock's name also keys the charge at the processor.
       */
      async function lockIdempotencyKey(tx: Database, target: AccountScope, key: string): Promise<string> {
        const lockName = `payment:${String(target.clientId)}:${String(target.accountId)}:${key}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`);
        return lockName;
      }

      /** The first submission's receipt for a repeat, a refusal for a key reused with another body, or null. */
      async function findEarlierOutcome(tx: Database, target: AccountScope, key: string, bodyHash: string): Promise<PaymentOutcome | null> {
        const [found] = await tx
          .select({ id: payments.id, requestHash: payments.requestHash })
          .from(payments)
          .where(and(eq(payments.clientId, target.clientId), eq(payments.accountId, target.accountId), eq(payments.idempotencyKey, key)))
          .limit(1);
        if (!found) return null;
        if (found.requestHash !== bodyHash) return refused('idempotencyKeyReused');
        const receipt = await receiptWhere(tx, target, eq(payments.id, found.id));
        if (!receipt) throw new Error('A stored payment has no receipt');
        return { kind: 'paid', receipt, repeated: true };
      }
    },

    /** The billing address the payer asked to be remembered, or null. */
    savedBillingAddress: (scope: PayerScope) => savedBillingAddress(db, scope),

    /** Forgets the payer's remembered billing address (the box unticked). */
    forgetBillingAddress: (scope: PayerScope) => forgetBillingAddress(db, scope),

    /** The receipt with this confirmation number, if it is the scope's; else null. */
    async receipt(scope: AccountScope, confirmationNumber: string): Promise<Receipt | null> {
      return receiptWhere(db, scope, eq(payments.confirmationNumber, confirmationNumber.trim().toUpperCase()));
    },

    /** The receipt and the client's name for the PDF, or null. */
    async receiptDocument(scope: AccountScope, confirmationNumber: string): Promise<ReceiptDocument | null> {
      const receipt = await this.receipt(scope, confirmationNumber);
      if (!receipt) return null;
      const client = await clientRow(scope.clientId);
      return { receipt, clientName: client?.name || client?.code || '' };
    },

    /** The client's other ways to pay: by mail and by phone, each null when not offered. */
    async paymentOptions(scope: TenantScope): Promise<PaymentOptions | null> {
      const client = await clientRow(scope.clientId);
      if (!client) return null;
      const addressLines = client.mailAddressLines ?? [];
      return {
        clientName: client.name || client.code,
        mail:
          client.mailPayableTo && addressLines.length > 0 ? { payableTo: client.mailPayableTo, addressLines } : null,
        phone: client.phoneNumber ? { number: client.phoneNumber, hours: parseOpeningHours(client.phoneHours) } : null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Opening hours as stored (`1-5 08:00-18:00 America/Chicago`: ISO days, Monday being 1) into the
 * shape the SPA shows in the reader's language; null when missing or not in that form.
 */
export function parseOpeningHours(stored: string | null): OpeningHours | null {
  const match = /^([1-7])-([1-7]) (\d{2}:\d{2})-(\d{2}:\d{2}) ([A-Za-z_]+\/[A-Za-z_]+)$/.exec(stored ?? '');
  if (!match) return null;
  const [, fromDay, toDay, opens = '', closes = '', timeZone = ''] = match;
  return { fromDay: Number(fromDay), toDay: Number(toDay), opens, closes, timeZone };
}

