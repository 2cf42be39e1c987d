import { getAccountInformation } from '@/lib/api/account-endpoints';
import type { AccountInformation } from '@/lib/api/contracts';
import { ApiError } from '@/lib/api/errors';

export type InvoicesData = { status: 'open'; account: AccountInformation } | { status: 'accountDisabled' };

/** The account summary for the invoices screen; a disabled account is an answer, not a failure. */
export async function loadInvoices(): Promise<InvoicesData> {
  try {
    return { status: 'open', account: await getAccountInformation() };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'accountDisabled') return { status: 'accountDisabled' };
    throw error;
  }
}
