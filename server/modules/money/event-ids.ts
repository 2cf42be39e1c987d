import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `evt_` and 26 random base32 characters (130 bits): a money or webhook event's own id. */
export function newEventId(): string {
  // 256 is a multiple of 32, so `byte % 32` picks every character equally often.
  return `evt_${Array.from(randomBytes(26), (byte) => BASE32[byte % 32] ?? 'a').join('')}`;
}
