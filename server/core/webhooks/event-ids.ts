import { randomBase32 } from '../../security/tokens';

/** `evt_` and 26 random base32 characters (130 bits), lower-case: a money or webhook event's own id. */
export function newEventId(): string {
  return `evt_${randomBase32(26).toLowerCase()}`;
}
