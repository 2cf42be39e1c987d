/** Two tabs of one browser: a sign-in in one has the other check again; a sign-out is news only where the check failed. */
import { sessionMachine } from '@machines/session/session.machine';
import type { AuthenticationMessage } from '@contracts/session';
import type { SessionCheckResult } from '@machines/session/session.types';
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { shareSessionAcrossTabs, type TabChannel, type TabNews } from './session-tabs';

const account = { email: 'pat.doe@example.com', accountNumber: 'A-100200', clientCode: 'SUN' };
const signedInUser: SessionCheckResult = { status: { userRole: 'ClientBillingUser', isUserActive: true }, account };
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };

/** A pair of channels that deliver to each other at once, as two tabs' BroadcastChannels do (later). */
function channelPair(): [TabChannel, TabChannel] {
  const make = (): TabChannel & { peer?: TabChannel } => ({
    onmessage: null,
    postMessage(news: TabNews) {
      const peer = this.peer;
      queueMicrotask(() => peer?.onmessage?.(new MessageEvent('message', { data: news })));
    },
    close() {},
  });
  const first = make();
  const second = make();
  first.peer = second;
  second.peer = first;
  return [first, second];
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A tab whose checks answer from `answers` in turn (the last one repeats); counts its checks. */
function tab(channel: TabChannel, answers: (() => Promise<SessionCheckResult>)[]) {
  let checks = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkSession: fromPromise(() => (answers[Math.min(checks++, answers.length - 1)] ?? (() => Promise.resolve(nobody)))()),
        logIn: fromPromise(() => Promise.resolve(signedInUser)),
        logOut: fromPromise(() => Promise.resolve({ url: '' })),
        // The poll never answers here: no tab learns anything from it in these tests.
        checkExpiry: fromPromise(() => new Promise<AuthenticationMessage>(() => {})),
      },
      actions: { navigateAfterLogout: () => {}, reportStartupFailure: () => {} },
    }),
  ).start();
  stops.push(shareSessionAcrossTabs(actor, channel), () => actor.stop());
  return { actor, checks: () => checks };
}

const credentials = { email: account.email, password: 'x', language: 'en-US' } as const;

describe('the session across tabs', () => {
  it('signing in in one tab has the other check again, and find the person signed in', async () => {
    const [one, two] = channelPair();
    const first = tab(one, [() => Promise.resolve(nobody)]);
    const second = tab(two, [() => Promise.resolve(nobody), () => Promise.resolve(signedInUser)]);
    await waitFor(first.actor, (s) => s.matches('anonymous'));
    await waitFor(second.actor, (s) => s.matches('anonymous'));
    first.actor.send({ type: 'session.login', ...credentials });
    await waitFor(second.actor, (s) => s.hasTag('signedIn'));
    expect(second.checks()).toBe(2);
  });

  it('signing out in one tab leaves a signed-in tab to learn it from its poll, but has a failed check tried again', async () => {
    const [one, two] = channelPair();
    const first = tab(one, [() => Promise.resolve(signedInUser)]);
    const second = tab(two, [() => Promise.reject(new Error('offline')), () => Promise.resolve(nobody)]);
    await waitFor(first.actor, (s) => s.hasTag('signedIn'));
    await waitFor(second.actor, (s) => s.hasTag('checkFailed'));
    first.actor.send({ type: 'session.logout' });
    await waitFor(first.actor, (s) => s.matches('anonymous'));
    await waitFor(second.actor, (s) => s.matches('anonymous'));
    expect(second.checks()).toBe(2);

    const [three, four] = channelPair();
    const third = tab(three, [() => Promise.resolve(signedInUser)]);
    const fourth = tab(four, [() => Promise.resolve(signedInUser)]);
    await waitFor(fourth.actor, (s) => s.hasTag('signedIn'));
    await waitFor(third.actor, (s) => s.hasTag('signedIn'));
    third.actor.send({ type: 'session.logout' });
    await waitFor(third.actor, (s) => s.matches('anonymous'));
    // Lets the queued message arrive before looking.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fourth.checks()).toBe(1);
    expect(fourth.actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });
});
