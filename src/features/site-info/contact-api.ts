import type { ClientContact } from '@contracts/client-contact';
import { getContact } from '@contracts/client-contact-endpoints';
import { ApiError } from '@/lib/api/errors';
import { callEndpoint } from '@/lib/api/http';

/** What the Contact page knows of the billing office: its details, none (no client, or unknown), or a failed load. */
export type ContactDetails = { status: 'known'; contact: ClientContact } | { status: 'none' } | { status: 'failed' };

/** The billing office of the client of the page's address (none without one). */
export async function loadContact(client: { code: string; billingGroup: string | null } | null): Promise<ContactDetails> {
  if (!client) return { status: 'none' };
  try {
    return { status: 'known', contact: await callEndpoint(getContact, { query: { clientCode: client.code, billingGroup: client.billingGroup ?? undefined } }) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'notFound') return { status: 'none' };
    return { status: 'failed' };
  }
}
