import { clientContactSchema, type ClientContact } from '@contracts/client-contact';
import { ApiError } from '@/lib/api/errors';
import { call, http } from '@/lib/api/http';

/** What the Contact page knows of the billing office: its details, none (no client, or unknown), or a failed load. */
export type ContactDetails = { status: 'known'; contact: ClientContact } | { status: 'none' } | { status: 'failed' };

/** GET /api/Client/GetContact for the client of the page's address (none without one). */
export async function loadContact(client: { code: string; billingGroup: string | null } | null): Promise<ContactDetails> {
  if (!client) return { status: 'none' };
  const searchParams: Record<string, string> = { clientCode: client.code, ...(client.billingGroup ? { billingGroup: client.billingGroup } : {}) };
  try {
    return { status: 'known', contact: await call(() => http.get('Client/GetContact', { searchParams }), clientContactSchema) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'notFound') return { status: 'none' };
    return { status: 'failed' };
  }
}
