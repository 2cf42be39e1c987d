/** The app's root: what happens between its children, each child real, their effects quiet. */
import { selectKnowsUserSignedIn } from '@machines/language/language.selectors';
import type { Client } from '@machines/client/client.types';
import type { SessionCheckResult } from '@machines/session/session.types';
import { profile } from '@machines/member/member.fixtures';
import { memberMachine } from '@machines/member/member.machine';
import { selectMemberStatus, selectSignOutStep } from '@machines/member/member.selectors';
import { createActor, fromCallback, fromPromise, waitFor, type NonReducibleUnknown } from 'xstate';
import { describe, expect, it } from 'vitest';
import { startQuietApp } from './app.fixtures';
import { appChildren } from './app.machine';
import type { SessionEvent, TabNews, TabsEvent } from '@machines/session/session.types';

const delta: Client = { code: 'DLT', name: 'Delta Diagnostics', logoUrl: null, theme: 'delta', billingGroup: '48', acceptsOnlinePayments: true, patientAppUrl: null };

function signedInUnder(billingGroup: string | null): SessionCheckResult {
  return {
    status: { userRole: 'ClientBillingUser', isUserActive: true },
    account: { email: 'pat.doe@example.com', accountNumber: 'A-1', clientCode: 'DLT', billingGroup },
    passwordExpiryDays: -1,
  };
}
const nobody: SessionCheckResult = { status: { userRole: null, isUserActive: false }, account: null };


describe('after a sign-in', () => {
  it('the language reads the user’s, the guards check again, and the client is looked up under the session’s billing group', async () => {
    const { app, record } = startQuietApp({ checks: [() => Promise.resolve(signedInUnder('48'))], client: delta });
    app.send({ type: 'app.addressChanged', code: 'DLT' });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(selectKnowsUserSignedIn(appChildren(app).language.getSnapshot())).toBe(true);
    expect(record.guardChecks).toBe(1);
    await waitFor(appChildren(app).client, (snapshot) => snapshot.matches('selected') && snapshot.context.client?.billingGroup === '48');
    expect(record.lookups).toEqual([
      { code: 'DLT', billingGroup: null },
      { code: 'DLT', billingGroup: '48' },
    ]);
  });

  it('a session without a billing group, or an address that named it, looks nothing up again', async () => {
    const { app, record } = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))], client: delta });
    app.send({ type: 'app.addressChanged', code: 'DLT' });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(record.lookups).toEqual([{ code: 'DLT', billingGroup: null }]);

    const named = startQuietApp({ checks: [() => Promise.resolve(signedInUnder('48'))], client: delta });
    named.app.send({ type: 'app.clientChosen', code: 'DLT', billingGroup: '48' });
    await waitFor(named.app, (snapshot) => snapshot.matches('signedIn'));
    expect(named.record.lookups).toEqual([{ code: 'DLT', billingGroup: '48' }]);
  });

  it('signing out tells the language and has the guards check again', async () => {
    const { app, record } = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))] });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    appChildren(app).session.send({ type: 'session.logout' });
    await waitFor(app, (snapshot) => snapshot.matches('visiting'));
    expect(selectKnowsUserSignedIn(appChildren(app).language.getSnapshot())).toBe(false);
    expect(record.guardChecks).toBe(2);
  });
});

describe('the client has one writer, the root', () => {
  it('a page without a code clears the client, and a client chosen on the switch page is selected and the session checked again', async () => {
    const { app, record } = startQuietApp({ checks: [() => Promise.resolve(nobody)], client: delta });
    await waitFor(appChildren(app).session, (snapshot) => snapshot.matches('anonymous'));
    app.send({ type: 'app.addressChanged', code: 'DLT' });
    await waitFor(appChildren(app).client, (snapshot) => snapshot.matches('selected'));
    app.send({ type: 'app.addressChanged', code: null });
    expect(appChildren(app).client.getSnapshot().matches('none')).toBe(true);
    app.send({ type: 'app.clientChosen', code: 'DLT', billingGroup: '52' });
    expect(record.lookups.at(-1)).toEqual({ code: 'DLT', billingGroup: '52' });
    expect(record.sessionChecks).toBe(2);
  });
});

/** Two tabs of one browser: their sessions' tabs listeners deliver to each other (later, as BroadcastChannels do). */
function tabPair() {
  const inboxes: ((news: TabNews) => void)[] = [];
  const tabs = (index: number) =>
    fromCallback<TabsEvent, NonReducibleUnknown, SessionEvent>(({ receive, sendBack }) => {
      inboxes[index] = (news) => sendBack({ type: news === 'signedIn' ? 'session.recheck' : 'session.otherTabSignedOut' });
      receive((event) => queueMicrotask(() => inboxes[1 - index]?.(event.news)));
    });
  return [tabs(0), tabs(1)] as const;
}

describe('the session across tabs', () => {
  const credentials = { email: 'pat.doe@example.com', password: 'x', language: 'en-US' } as const;

  it('signing in in one tab has the other check again, and find the person signed in', async () => {
    const [one, two] = tabPair();
    const first = startQuietApp({ checks: [() => Promise.resolve(nobody)], signIn: signedInUnder(null), tabs: one });
    const second = startQuietApp({ checks: [() => Promise.resolve(nobody), () => Promise.resolve(signedInUnder(null))], tabs: two });
    await waitFor(appChildren(first.app).session, (s) => s.matches('anonymous'));
    await waitFor(appChildren(second.app).session, (s) => s.matches('anonymous'));
    appChildren(first.app).session.send({ type: 'session.login', ...credentials });
    await waitFor(second.app, (s) => s.matches('signedIn'));
    expect(second.record.sessionChecks).toBe(2);
  });

  it('signing out in one tab leaves a signed-in tab to learn it from its poll, but has a failed check tried again', async () => {
    const [one, two] = tabPair();
    const first = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))], tabs: one });
    const second = startQuietApp({ checks: [() => Promise.reject(new Error('offline')), () => Promise.resolve(nobody)], tabs: two });
    await waitFor(first.app, (s) => s.matches('signedIn'));
    await waitFor(appChildren(second.app).session, (s) => s.hasTag('checkFailed'));
    appChildren(first.app).session.send({ type: 'session.logout' });
    await waitFor(appChildren(second.app).session, (s) => s.matches('anonymous'));
    expect(second.record.sessionChecks).toBe(2);

    const [three, four] = tabPair();
    const third = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))], tabs: three });
    const fourth = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))], tabs: four });
    await waitFor(third.app, (s) => s.matches('signedIn'));
    await waitFor(fourth.app, (s) => s.matches('signedIn'));
    appChildren(third.app).session.send({ type: 'session.logout' });
    await waitFor(third.app, (s) => s.matches('visiting'));
    // The news is delivered in a microtask: it has arrived once this one runs.
    await Promise.resolve();
    await Promise.resolve();
    expect(fourth.record.sessionChecks).toBe(1);
    expect(fourth.app.getSnapshot().matches('signedIn')).toBe(true);
  });
});

describe('a resumed page', () => {
  it('a page resumed from the root’s snapshot keeps its children where the server left them, and a language chosen on this device wins', async () => {
    const { app, machine } = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))] });
    await waitFor(app, (s) => s.matches('signedIn'));
    await waitFor(appChildren(app).language, (s) => s.matches('ready'));
    const persisted = app.getPersistedSnapshot();
    app.stop();

    const resumed = createActor(machine, { snapshot: persisted, systemId: 'app', input: { storedLanguage: null } }).start();
    expect(resumed.getSnapshot().matches('signedIn')).toBe(true);
    expect(appChildren(resumed).session.getSnapshot().hasTag('signedIn')).toBe(true);
    resumed.send({ type: 'app.resumed', storedLanguage: 'es-ES' });
    await waitFor(appChildren(resumed).language, (s) => s.context.language === 'es-ES');
  });
});

describe('a screen’s machine in the app’s system', () => {
  it('tells the session, found by its system id: signing out everywhere signs the session out here', async () => {
    const { app } = startQuietApp({ checks: [() => Promise.resolve(signedInUnder(null))] });
    await waitFor(app, (s) => s.matches('signedIn'));
    const member = createActor(
      memberMachine.provide({
        actors: {
          loadMember: fromPromise(() => Promise.resolve(profile)),
          signOutEverywhere: fromPromise(() => Promise.resolve<unknown>({ endedSessions: 2 })),
        },
      }),
      { parent: app },
    ).start();
    await waitFor(member, (snapshot) => selectMemberStatus(snapshot) === 'ready');
    member.send({ type: 'member.signOutEverywhere' });
    member.send({ type: 'member.confirmSignOut' });
    await waitFor(app, (s) => s.matches('visiting'));
    expect(appChildren(app).session.getSnapshot().context.logoutReason).toBe('everywhere');
  });

  it('running alone, it tells itself, which ignores it', async () => {
    const member = createActor(
      memberMachine.provide({
        actors: {
          loadMember: fromPromise(() => Promise.resolve(profile)),
          signOutEverywhere: fromPromise(() => Promise.resolve<unknown>({ endedSessions: 2 })),
        },
      }),
    ).start();
    await waitFor(member, (snapshot) => selectMemberStatus(snapshot) === 'ready');
    member.send({ type: 'member.signOutEverywhere' });
    member.send({ type: 'member.confirmSignOut' });
    await waitFor(member, (snapshot) => selectSignOutStep(snapshot) === 'done');
    // It ends as in the app (signed out is final), not in an error.
    expect(member.getSnapshot().status).toBe('done');
  });
});
