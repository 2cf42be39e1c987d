import type { SnapshotFrom } from 'xstate';
import type { CookieConsentMachine } from './cookie-consent.machine';

export const selectShowsCookieNotice = (snapshot: SnapshotFrom<CookieConsentMachine>): boolean =>
  snapshot.hasTag('noticeShown');
