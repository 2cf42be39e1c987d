/**
 * How many emails one address receives because someone typed it into a form. Each form keeps its
 * own limits too (per address asked about, per source, per user); these are per recipient,
 * across every sender, so that no mix of forms and accounts can turn the portal against an inbox.
 *
 * - **Typed into an account form** (registering and "send the link again", forgot password, the
 *   new address of an email change): one key per address for all of them together, so that
 *   registration, reset and email change cannot be combined to exceed it. Every request counts,
 *   whether or not an email goes out (a reset for an address without an account sends none), so
 *   a 429 says nothing about the address. Over the limit the request answers 429 with
 *   Retry-After. The owner can be held off for a window by whoever fills it, as the forms'
 *   own per-address limits already allow: a window, never a lock.
 * - **A payment receipt** to a billing email typed by the payer: per address, across all payers.
 *   A payment never fails because of it: over the limit the payment goes through and only the
 *   email is left out (the receipt is on the confirmation page and in the documents). A signed-in
 *   user's own address is exempt: the account's user proved it at activation, and a billing
 *   office expects every payment of its own patient to be confirmed to them, however many
 *   invoices they pay one by one. A guest's billing email is always counted.
 *
 * The counts live in the throttle's table (`login_attempts`, swept by the housekeeping once older
 * than the longest window).
 */
import type { ThrottleCheck, ThrottlePolicy } from '../throttle/throttle.service';

/** Emails to one address typed into the account forms, all of them together: 5 in 15 minutes. */
export const TYPED_RECIPIENT_POLICY: ThrottlePolicy = { freeFailures: 5, windowSeconds: 15 * 60, mode: 'limit' };

/** Receipt emails to one billing address typed by payers (not their own): 10 an hour. */
export const RECEIPT_RECIPIENT_POLICY: ThrottlePolicy = { freeFailures: 10, windowSeconds: 60 * 60, mode: 'limit' };

/** The check of one more account email to `email` (normalised). */
export function typedRecipientCheck(email: string): ThrottleCheck {
  return { key: `email-to:${email}`, policy: TYPED_RECIPIENT_POLICY };
}

/** The check of one more receipt email to `email` (normalised). */
export function receiptRecipientCheck(email: string): ThrottleCheck {
  return { key: `receipt-to:${email}`, policy: RECEIPT_RECIPIENT_POLICY };
}
