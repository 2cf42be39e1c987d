import type { DocumentList } from '@contracts/documents';
import { getDocuments } from '@/lib/api/documents-endpoints';
import { ApiError } from '@/lib/api/errors';
import type { Machines } from '@/lib/machines';

/** What a provider nobody knows offers: nothing (the shell already says the code is unknown). */
const noDocuments: DocumentList = { client: null, publicDocuments: [], account: null, accountUnavailable: 'signedOut' };

/**
 * The documents screen's data for the client in the address (`clientCode`, with the billing group
 * the client machine chose for it); the server answers for the session's own client and account
 * when someone is signed in. Other failures are thrown for the route's error screen.
 */
export async function loadDocuments(machines: Pick<Machines, 'client'>, clientCode: string | undefined, signal?: AbortSignal): Promise<DocumentList> {
  const requested = machines.client.getSnapshot().context.requested;
  const billingGroup = clientCode && requested?.code.toUpperCase() === clientCode.toUpperCase() ? requested.billingGroup : null;
  try {
    return await getDocuments({ clientCode, billingGroup }, { signal });
  } catch (error) {
    if (clientCode && error instanceof ApiError && error.code === 'notFound') return noDocuments;
    throw error;
  }
}
