/** The tabs' channel: this tab's news goes out as the root tells it, and the other tabs' news comes back to the session. */
import type { SessionEvent, TabsEvent } from '@machines/session/session.types';
import { describe, expect, it } from 'vitest';
import { shareSessionAcrossTabs, type TabChannel, type TabNews } from './session-tabs';

function fakeChannel() {
  const posted: TabNews[] = [];
  let closed = false;
  const channel: TabChannel = {
    onmessage: null,
    postMessage: (news) => void posted.push(news),
    close: () => {
      closed = true;
    },
  };
  return { channel, posted, closed: () => closed };
}

function conversation() {
  let listener: ((event: TabsEvent) => void) | null = null;
  const heard: SessionEvent[] = [];
  return {
    receive: (next: (event: TabsEvent) => void) => {
      listener = next;
    },
    sendBack: (event: SessionEvent) => void heard.push(event),
    tell: (event: TabsEvent) => listener?.(event),
    heard,
  };
}

describe('shareSessionAcrossTabs', () => {
  it('posts what the session tells it, and tells the session what other tabs post (and nothing else)', () => {
    const { channel, posted, closed } = fakeChannel();
    const talk = conversation();
    const stop = shareSessionAcrossTabs(talk, channel);
    talk.tell({ type: 'tabs.tell', news: 'signedIn' });
    talk.tell({ type: 'tabs.tell', news: 'signedOut' });
    expect(posted).toEqual(['signedIn', 'signedOut']);
    channel.onmessage?.(new MessageEvent('message', { data: 'signedIn' }));
    channel.onmessage?.(new MessageEvent('message', { data: 'signedOut' }));
    channel.onmessage?.(new MessageEvent('message', { data: 'hello' }));
    expect(talk.heard).toEqual([{ type: 'session.recheck' }, { type: 'session.otherTabSignedOut' }]);
    stop();
    expect(channel.onmessage).toBeNull();
    expect(closed()).toBe(true);
  });

  it('does nothing where the browser has no channel between tabs', () => {
    const talk = conversation();
    shareSessionAcrossTabs(talk, null);
    talk.tell({ type: 'tabs.tell', news: 'signedIn' });
    expect(talk.heard).toEqual([]);
  });
});
