/**
 * The billing address a signed-in payer asked to be remembered: one per user and client (the
 * membership's), kept by a payment that goes through with the payer's consent and forgotten when
 * the consent is withdrawn. Guests have none. Only the address: never the card, the name or the
 * receipt email.
 */
import { and, eq } from 'drizzle-orm';
import type { SavedBillingAddress } from '@contracts/billing-address';
import type { BillingInformation } from '@contracts/payment-request';
import type { Database } from '../../db/client';
import { savedBillingAddresses } from '../../db/schema';
import type { TenantScope } from '../../http/scope';

/** One user under one client: whose address it is. */
export interface PayerScope extends TenantScope {
  userId: number;
}

const ofPayer = (scope: PayerScope) => and(eq(savedBillingAddresses.clientId, scope.clientId), eq(savedBillingAddresses.userId, scope.userId));

/** The address kept for the payer, or null. */
export async function savedBillingAddress(db: Database, scope: PayerScope): Promise<SavedBillingAddress | null> {
  const [row] = await db
    .select({
      addressLine1: savedBillingAddresses.addressLine1,
      addressLine2: savedBillingAddresses.addressLine2,
      city: savedBillingAddresses.city,
      region: savedBillingAddresses.region,
      postalCode: savedBillingAddresses.postalCode,
      country: savedBillingAddresses.country,
    })
    .from(savedBillingAddresses)
    .where(ofPayer(scope))
    .limit(1);
  return row ?? null;
}

/** The postal address of a payment's billing information (neither the payer's name nor the email). */
export function billingAddressOf(billing: BillingInformation) {
  const { addressLine1, addressLine2, city, region, postalCode, country } = billing;
  return { addressLine1, addressLine2, city, region, postalCode, country };
}

/** Keeps the address of a payment's billing information for the payer (replacing the one kept before). */
export async function keepBillingAddress(tx: Database, scope: PayerScope, billing: BillingInformation, now: Date): Promise<void> {
  const address = { ...billingAddressOf(billing), updatedAt: now };
  await tx
    .insert(savedBillingAddresses)
    .values({ clientId: scope.clientId, userId: scope.userId, ...address })
    .onConflictDoUpdate({ target: [savedBillingAddresses.clientId, savedBillingAddresses.userId], set: address });
}

/** Forgets the payer's kept address, if any. */
export async function forgetBillingAddress(db: Database, scope: PayerScope): Promise<void> {
  await db.delete(savedBillingAddresses).where(ofPayer(scope));
}
