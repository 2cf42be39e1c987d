/**
 * Guest sign-in: a client's account number together with the number of one of that account's
 * invoices. Every wrong pair (unknown account, unknown invoice, an invoice of another account, an
 * account of another client, no client named) is the same outcome.
 *
 * Throttling, in the shared `login_attempts` table (throttle.service.ts): per client code and
 * account number (`guest:SUN:A-778899`), with growing waits, and per source address across every
 * account and every way of signing in. Nothing holds off a client's guests as a whole: strangers'
 * failures never lock out the account's own guest for longer than the longest wait.
 */
import type { GuestLoginRequest } from '@contracts/session-requests';
import type { AccountsService } from '../../core/accounts/accounts.service';
import type { ClientsService } from '../../core/clients/clients.service';
import { ACCOUNT_POLICY, ADDRESS_POLICY, addressKey, guestThrottleKey, type AttemptOutcome, type ThrottleService } from '../../core/throttle/throttle.service';

export type GuestLoginOutcome =
  | { kind: 'signedIn'; clientId: number; accountId: number }
  | { kind: 'invalidCredentials' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export interface GuestLoginDeps {
  clients: ClientsService;
  accounts: AccountsService;
  throttle: ThrottleService;
}

/** Creates the guest sign-in rule. */
export function createGuestLoginService({ clients, accounts, throttle }: GuestLoginDeps) {
  return {
    /** Checks the pair under the named client. */
    async login(request: GuestLoginRequest, sourceAddress: string): Promise<GuestLoginOutcome> {
      // Account numbers only mean something within a client; there is nothing to look up without one.
      const { clientCode } = request;
      if (!clientCode) return { kind: 'invalidCredentials' };

      const accountKey = guestThrottleKey(clientCode, request.accountNumber);
      const checks = [
        { key: accountKey, policy: ACCOUNT_POLICY },
        { key: addressKey(sourceAddress), policy: ADDRESS_POLICY },
      ];
      return throttle.attempt(checks, accountKey, async (): Promise<AttemptOutcome<GuestLoginOutcome>> => {
        const client = await clients.resolve({ clientCode, billingGroup: request.billingGroup });
        const account = client
          ? await accounts.findGuestAccount(
              { clientId: client.id },
              { accountNumber: request.accountNumber, invoiceNumber: request.invoiceNumber },
            )
          : null;
        if (!client || !account) return { succeeded: false, result: { kind: 'invalidCredentials' } };
        return { succeeded: true, result: { kind: 'signedIn', clientId: client.id, accountId: account.id } };
      });
    },
  };
}

export type GuestLoginService = ReturnType<typeof createGuestLoginService>;
