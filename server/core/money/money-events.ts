/**
 * The ledger of money events (schema `money_events`): every captured payment, refund and void,
 * written once through the transaction of the change it reports, with the webhook event that
 * tells the client's receivers. The posting file, the webhooks and the patient's history of
 * refunds read money from here, never from the payments table.
 */
import type { Database } from '../../db/client';
import { moneyEvents, type MoneyActorKind, type MoneyEventLine, type MoneyEventType } from '../../db/schema';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { newEventId } from '../webhooks/event-ids';

/** Who moved the money: a patient (their user id), a guest, staff (their id) or an API key (its prefix). */
export interface MoneyActor {
  kind: MoneyActorKind;
  id: string;
}

export interface MoneyEventInput {
  clientId: number;
  accountId: number;
  accountNumber: string;
  type: MoneyEventType;
  paymentId: number;
  refundId?: number | null;
  /** The payment's confirmation number for a capture or void, the refund's number for a refund. */
  reference: string;
  paymentReference: string;
  amountCents: number;
  lines: MoneyEventLine[];
  cardBrand: string;
  cardLast4: string;
  authorizationCode: string;
  occurredAt: Date;
  actor: MoneyActor;
}

/** What a money event's webhook carries: the event, nothing of the payer beyond the card's brand and last four. */
export function moneyEventData(event: MoneyEventInput & { eventId: string }): Record<string, unknown> {
  return {
    eventId: event.eventId,
    type: event.type,
    accountNumber: event.accountNumber,
    reference: event.reference,
    paymentReference: event.paymentReference,
    amountCents: event.amountCents,
    currency: 'USD',
    lines: event.lines,
    card: { brand: event.cardBrand, last4: event.cardLast4 },
    authorizationCode: event.authorizationCode,
    occurredAt: event.occurredAt.toISOString(),
    actor: { kind: event.actor.kind },
  };
}

/** Writes the money event and its webhook event through `tx` (the change's own transaction); returns the event's id. */
export async function recordMoneyEvent(tx: Database, event: MoneyEventInput): Promise<string> {
  const eventId = newEventId();
  await tx.insert(moneyEvents).values({
    eventId,
    clientId: event.clientId,
    accountId: event.accountId,
    type: event.type,
    paymentId: event.paymentId,
    refundId: event.refundId ?? null,
    reference: event.reference,
    paymentReference: event.paymentReference,
    amountCents: event.amountCents,
    lines: event.lines,
    cardBrand: event.cardBrand,
    cardLast4: event.cardLast4,
    authorizationCode: event.authorizationCode,
    occurredAt: event.occurredAt,
    actorKind: event.actor.kind,
    actorId: event.actor.id,
  });
  await queueWebhookEvent(tx, {
    eventId,
    clientId: event.clientId,
    type: event.type,
    orderKey: `account:${String(event.accountId)}`,
    data: moneyEventData({ ...event, eventId }),
    createdAt: event.occurredAt,
  });
  return eventId;
}
