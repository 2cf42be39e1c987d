/**
 * The portal's tabs in one browser share one server session: when someone signs in or out in one
 * tab, the others hear of it (a BroadcastChannel) and ask the server again where it matters.
 */
import type { SessionSnapshot } from '@machines/session/session.selectors';
import type { SessionActor } from '@/lib/machines';

/** What a tab tells the others. */
export type TabNews = 'signedIn' | 'signedOut';

/** The channel between tabs, as far as this module uses it. */
export interface TabChannel {
  postMessage(news: TabNews): void;
  onmessage: ((message: MessageEvent<unknown>) => void) | null;
  close(): void;
}

const channelName = 'patient-billing-portal.session';

/** The browser's channel between the portal's tabs, or none where the browser has no BroadcastChannel. */
export function openTabChannel(): TabChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
}

const signedInHere = (was: SessionSnapshot, now: SessionSnapshot): boolean =>
  now.hasTag('signedIn') && (was.matches({ anonymous: 'authenticating' }) || was.matches({ anonymous: 'authenticatingGuest' }));

const signedOutHere = (was: SessionSnapshot, now: SessionSnapshot): boolean => was.matches('loggingOut') && now.matches('anonymous');

/**
 * Tells the other tabs of a sign-in or sign-out here (a check finding an earlier sign-in is no
 * news), and checks the session again when another tab signs in, or signs out while the check
 * failed here. A tab still signed in learns of a sign-out elsewhere from its next poll, which says
 * why it ends. Returns a function that stops listening.
 */
export function shareSessionAcrossTabs(session: SessionActor, channel: TabChannel | null = openTabChannel()): () => void {
  if (!channel) return () => {};
  let previous = session.getSnapshot();
  const subscription = session.subscribe((snapshot) => {
    if (signedInHere(previous, snapshot)) channel.postMessage('signedIn');
    else if (signedOutHere(previous, snapshot)) channel.postMessage('signedOut');
    previous = snapshot;
  });
  channel.onmessage = ({ data }) => {
    if (data === 'signedIn' || (data === 'signedOut' && session.getSnapshot().hasTag('checkFailed'))) {
      session.send({ type: 'session.recheck' });
    }
  };
  return () => {
    subscription.unsubscribe();
    channel.onmessage = null;
    channel.close();
  };
}
