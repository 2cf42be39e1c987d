import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { staffSessionMachine, toStaffSessionError } from './staff-session.machine';
import { selectFailure, selectHasEnded, selectIsExtending, selectIsWarning, selectSessionEndsAt } from './staff-session.selectors';
import type { StaffExtended, StaffTimeLeft } from './staff-session.types';

const email = 'office.admin@sunriselabs.example';
const start = Date.UTC(2026, 10, 27, 15, 0, 0);

function arrange({
  timeLeft = () => Promise.resolve({ display: false, secondsLeft: 800 }),
  extend = () => Promise.resolve({ secondsLeft: 900 }),
  secondsLeft = 900,
}: { timeLeft?: () => Promise<StaffTimeLeft>; extend?: () => Promise<StaffExtended>; secondsLeft?: number } = {}) {
  const clock = new SimulatedClock();
  const checks = vi.fn(timeLeft);
  const extensions = vi.fn(extend);
  const signOuts = vi.fn((): Promise<unknown> => Promise.resolve({ stage: 'none' }));
  const showSignedOut = vi.fn();
  const openConsoleAfresh = vi.fn();
  const actor = createActor(
    staffSessionMachine.provide({
      actors: { checkTimeLeft: fromPromise(checks), extendSession: fromPromise(extensions), signOut: fromPromise(signOuts) },
      actions: { showSignedOut, openConsoleAfresh },
    }),
    { clock, input: { email, secondsLeft } },
  ).start();
  return { actor, clock, checks, extensions, signOuts, showSignedOut, openConsoleAfresh };
}

describe('staff session', () => {
  // Only Date is faked (the countdown's instant); the machine's own timers run on the simulated clock.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks how long the session has left every 10 seconds, and not before', async () => {
    const { actor, clock, checks } = arrange();
    clock.increment(9999);
    expect(checks).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ signedIn: 'waiting' }) && checks.mock.calls.length === 1);
    clock.increment(10000);
    await waitFor(actor, () => checks.mock.calls.length === 2);
    expect(selectIsWarning(actor.getSnapshot())).toBe(false);
  });

  it('opens the warning when the server says it is due, counting down to the end the server gave', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const { actor, clock, checks } = arrange({ timeLeft: () => Promise.resolve({ display: true, secondsLeft: 110 }) });
    clock.increment(10000);
    const warned = await waitFor(actor, selectIsWarning);
    expect(selectSessionEndsAt(warned)).toBe(start + 110_000);
    // Polling stops while the warning is open.
    clock.increment(60000);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('stays signed in when asked: the warning closes and polling counts from the new end', async () => {
    const answers: StaffTimeLeft[] = [{ display: true, secondsLeft: 100 }, { display: false, secondsLeft: 890 }];
    const { actor, clock, checks, extensions } = arrange({ timeLeft: () => Promise.resolve(answers.shift() ?? { display: false, secondsLeft: 880 }) });
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    actor.send({ type: 'staffSession.stay' });
    expect(selectIsExtending(actor.getSnapshot())).toBe(true);
    const extended = await waitFor(actor, (s) => s.matches({ signedIn: 'waiting' }));
    expect(extensions).toHaveBeenCalledTimes(1);
    expect([selectIsWarning(extended), extended.context.secondsLeft]).toEqual([false, 900]);
    clock.increment(10000);
    await waitFor(actor, () => checks.mock.calls.length === 2);
  });

  it('keeps the warning open with the failure when staying signed in fails, and lets it be tried again', async () => {
    let fail = true;
    const { actor, clock, extensions } = arrange({
      timeLeft: () => Promise.resolve({ display: true, secondsLeft: 100 }),
      extend: () => (fail ? Promise.reject(Object.assign(new Error('offline'), { code: 'network' })) : Promise.resolve({ secondsLeft: 900 })),
    });
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    actor.send({ type: 'staffSession.stay' });
    const failed = await waitFor(actor, (s) => s.matches({ signedIn: 'warning' }) && selectFailure(s) !== null);
    expect(selectFailure(failed)).toBe('network');
    fail = false;
    actor.send({ type: 'staffSession.stay' });
    const extended = await waitFor(actor, (s) => s.matches({ signedIn: 'waiting' }));
    expect([selectFailure(extended), extensions.mock.calls.length]).toEqual([null, 2]);
  });

  it('asks the server again at the end of the countdown, and says the session ended when it did', async () => {
    const answers: StaffTimeLeft[] = [{ display: true, secondsLeft: 30 }, { display: false, secondsLeft: 0 }];
    const { actor, clock, checks } = arrange({ timeLeft: () => Promise.resolve(answers.shift() ?? { display: false, secondsLeft: 0 }) });
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    clock.increment(29999);
    expect(selectIsWarning(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    const ended = await waitFor(actor, selectHasEnded);
    expect(checks).toHaveBeenCalledTimes(2);
    expect(selectIsWarning(ended)).toBe(false);
  });

  it('goes on without a warning when another tab kept the session alive meanwhile', async () => {
    const answers: StaffTimeLeft[] = [{ display: true, secondsLeft: 30 }, { display: false, secondsLeft: 870 }];
    const { actor, clock } = arrange({ timeLeft: () => Promise.resolve(answers.shift() ?? { display: false, secondsLeft: 860 }) });
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    clock.increment(30000);
    const kept = await waitFor(actor, (s) => s.matches({ signedIn: 'waiting' }) && s.context.secondsLeft === 870);
    expect(selectHasEnded(kept)).toBe(false);
  });

  it('says the session ended when a console call is refused, and takes the same person back on the screen as it was', async () => {
    const { actor, clock, checks, openConsoleAfresh } = arrange();
    actor.send({ type: 'staffSession.refused' });
    expect(selectHasEnded(actor.getSnapshot())).toBe(true);
    // Nothing is polled while the session has ended.
    clock.increment(60000);
    expect(checks).not.toHaveBeenCalled();
    actor.send({ type: 'staffSession.signedIn', email: ' Office.Admin@SunriseLabs.example ', secondsLeft: 900 });
    expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
    expect(openConsoleAfresh).not.toHaveBeenCalled();
    clock.increment(10000);
    await waitFor(actor, () => checks.mock.calls.length === 1);
  });

  it('opens the console afresh when someone else signs in over the screen', () => {
    const { actor, openConsoleAfresh } = arrange();
    actor.send({ type: 'staffSession.refused' });
    actor.send({ type: 'staffSession.signedIn', email: 'billing.clerk@sunriselabs.example', secondsLeft: 900 });
    expect(actor.getSnapshot().status).toBe('done');
    expect(openConsoleAfresh).toHaveBeenCalledTimes(1);
  });

  it('says the session ended when staying signed in comes too late', async () => {
    const { actor, clock } = arrange({
      timeLeft: () => Promise.resolve({ display: true, secondsLeft: 5 }),
      extend: () => Promise.reject(Object.assign(new Error('401'), { code: 'ended' })),
    });
    clock.increment(10000);
    await waitFor(actor, selectIsWarning);
    actor.send({ type: 'staffSession.stay' });
    await waitFor(actor, selectHasEnded);
  });

  it('signs out from the warning, or instead of signing in again, and then shows the sign-in page', async () => {
    const fromWarning = arrange({ timeLeft: () => Promise.resolve({ display: true, secondsLeft: 100 }) });
    fromWarning.clock.increment(10000);
    await waitFor(fromWarning.actor, selectIsWarning);
    fromWarning.actor.send({ type: 'staffSession.signOut' });
    await waitFor(fromWarning.actor, (s) => s.status === 'done');
    expect([fromWarning.signOuts.mock.calls.length, fromWarning.showSignedOut.mock.calls.length]).toEqual([1, 1]);

    const afterEnd = arrange();
    afterEnd.actor.send({ type: 'staffSession.refused' });
    afterEnd.actor.send({ type: 'staffSession.signOut' });
    await waitFor(afterEnd.actor, (s) => s.status === 'done');
    expect(afterEnd.showSignedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps polling after a failed poll, and never polls later than the end the server gave', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    let fail = true;
    const { actor, clock, checks } = arrange({
      secondsLeft: 4,
      timeLeft: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ display: false, secondsLeft: 0 })),
    });
    // The session loaded with 4 seconds left: the first poll comes then, not 10 seconds later.
    clock.increment(4000);
    await waitFor(actor, () => checks.mock.calls.length === 1);
    await waitFor(actor, (s) => s.matches({ signedIn: 'waiting' }));
    fail = false;
    clock.increment(10000);
    await waitFor(actor, selectHasEnded);
  });

  it('reads a failure to stay signed in: the session ended, the network, anything else the server', () => {
    expect(toStaffSessionError({ code: 'ended' })).toBe('ended');
    expect(toStaffSessionError({ code: 'network' })).toBe('network');
    expect(toStaffSessionError(new Error('boom'))).toBe('serverError');
  });
});
