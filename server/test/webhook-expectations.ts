/** What the webhook fault tests expect of what a receiver got. */
import { expect } from 'vitest';
import type { ReceivedEvent } from './webhook-receiver';

/** Each account's events arrived in the order of their payments (`references`, in the order paid). */
export function expectInOrderPerAccount(events: readonly ReceivedEvent[], references: readonly string[]): void {
  const position = new Map(references.map((reference, index) => [reference, index]));
  const byAccount = new Map<string, number[]>();
  for (const event of events) {
    const account = String(event.data.accountNumber);
    byAccount.set(account, [...(byAccount.get(account) ?? []), position.get(String(event.data.reference)) ?? -1]);
  }
  for (const [account, order] of byAccount) expect(order, account).toEqual([...order].sort((a, b) => a - b));
}
