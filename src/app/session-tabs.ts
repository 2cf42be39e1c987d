/**
 * The portal's tabs in one browser share one server session: when someone signs in or out in one
 * tab, the others hear of it (a BroadcastChannel) and ask the server again where it matters.
 */
import type { SessionEvent, TabNews, TabsEvent } from '@machines/session/session.types';

export type { TabNews };

/** The channel between tabs, as far as this module uses it. */
export interface TabChannel {
  postMessage(news: TabNews): void;
  onmessage: ((message: MessageEvent<unknown>) => void) | null;
  close(): void;
}

/** The two halves of the session's tabs listener: what the session tells it, and what it tells the session. */
export interface TabsConversation {
  receive: (listener: (event: TabsEvent) => void) => void;
  sendBack: (event: SessionEvent) => void;
}

const channelName = 'patient-billing-portal.session';

/** The browser's channel between the portal's tabs, or none where the browser has no BroadcastChannel. */
export function openTabChannel(): TabChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
}

/**
 * Tells the other tabs of a sign-in or sign-out here (the session says when), and tells the
 * session of theirs: it checks again after a sign-in elsewhere, and decides whether a sign-out
 * elsewhere matters (only where its check failed; a tab still signed in learns of it from its
 * next poll, which says why). Returns a function that stops.
 */
export function shareSessionAcrossTabs({ receive, sendBack }: TabsConversation, channel: TabChannel | null = openTabChannel()): () => void {
  if (!channel) return () => {};
  receive((event) => channel.postMessage(event.news));
  channel.onmessage = ({ data }) => {
    if (data === 'signedIn') sendBack({ type: 'session.recheck' });
    else if (data === 'signedOut') sendBack({ type: 'session.otherTabSignedOut' });
  };
  return () => {
    channel.onmessage = null;
    channel.close();
  };
}
