/**
 * Guest sign-in: a client's account number together with the number of one of that account's
 * invoices. Every wrong pair (unknown account, unknown invoice, an invoice of another account, an
 * account of another client, no client named) is the same outcome.
 *
 * Throttling, in the shared `login_attempts` table: failures count per client code and account
 * number (`guest:SUN:A-778899`) and per client code (`guest:SUN`). An account number is far
 * easier to guess than a password, so a client's guest sign-in as a whole is capped too; the
 * price is that a flood of failures can hold a client's guests off for the window.
 */
import type { GuestLoginRequest } from '@contracts/session-requests';
import { normaliseReference, type AccountsService } from '../accounts/accounts.service';
import type { ClientsService } from '../clients/clients.service';
import type { ThrottleService } from './throttle.service';

export type GuestLoginOutcome =
  | { kind: 'signedIn'; clientId: number; accountId: number }
  | { kind: 'invalidCredentials' }
  | { kind: 'throttled' };

export interface GuestLoginDeps {
  clients: ClientsService;
  accounts: AccountsService;
  /** Failures per client code and account number (10 in 15 minutes). */
  accountThrottle: ThrottleService;
  /** Failures per client code, any account (30 in 15 minutes). */
  clientThrottle: ThrottleService;
}

export const GUEST_MAX_FAILURES_PER_ACCOUNT = 10;
export const GUEST_MAX_FAILURES_PER_CLIENT = 30;

/** The throttle keys of a guest sign-in attempt. */
export function guestThrottleKeys(clientCode: string, accountNumber: string): { account: string; client: string } {
  const code = clientCode.trim().toUpperCase();
  return { account: `guest:${code}:${normaliseReference(accountNumber)}`, client: `guest:${code}` };
}

/** Creates the guest sign-in rule. */
export function createGuestLoginService({ clients, accounts, accountThrottle, clientThrottle }: GuestLoginDeps) {
  return {
    /** Checks the pair under the named client. */
    async login(request: GuestLoginRequest): Promise<GuestLoginOutcome> {
      // Account numbers only mean something within a client; there is nothing to look up without one.
      if (!request.clientCode) return { kind: 'invalidCredentials' };

      const keys = guestThrottleKeys(request.clientCode, request.accountNumber);
      if ((await accountThrottle.isThrottled(keys.account)) || (await clientThrottle.isThrottled(keys.client))) {
        return { kind: 'throttled' };
      }

      const client = await clients.resolve({ clientCode: request.clientCode, billingGroup: request.billingGroup });
      const account = client
        ? await accounts.findGuestAccount(
            { clientId: client.id },
            { accountNumber: request.accountNumber, invoiceNumber: request.invoiceNumber },
          )
        : null;
      if (!client || !account) {
        await accountThrottle.recordFailure(keys.account);
        await clientThrottle.recordFailure(keys.client);
        return { kind: 'invalidCredentials' };
      }

      // Only the account's count: clearing the client's would let one known pair reset it for guessers.
      await accountThrottle.clear(keys.account);
      return { kind: 'signedIn', clientId: client.id, accountId: account.id };
    },
  };
}

export type GuestLoginService = ReturnType<typeof createGuestLoginService>;
