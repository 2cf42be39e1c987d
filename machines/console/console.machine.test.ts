import type { StaffSession } from '@contracts/console';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { consoleMachine, staffSessionChild } from './console.machine';
import { selectFailure, selectIsSettled, selectSession, selectSignedInStaff, selectStage, selectStaffRole, selectStaffSessionActor } from './console.selectors';
import type { SignedInStaff } from './console.types';

const never = <T>() => new Promise<T>(() => {});
const admin: SignedInStaff = { stage: 'signedIn', email: 'office.admin@sunriselabs.example', role: 'officeAdmin', clientCode: 'SUN', clientName: 'Sunrise Laboratories', idleSeconds: 900 };
const clerk: SignedInStaff = { ...admin, email: 'billing.clerk@sunriselabs.example', role: 'billingStaff' };

function arrange({ session = () => Promise.resolve<StaffSession>({ stage: 'none' }) }: { session?: () => Promise<StaffSession> } = {}) {
  const clock = new SimulatedClock();
  const loads = vi.fn(session);
  const signOuts = vi.fn((): Promise<unknown> => Promise.resolve({ stage: 'none' }));
  const recheckGuards = vi.fn();
  const showConsole = vi.fn();
  const openConsoleAfresh = vi.fn();
  const checkTimeLeft = vi.fn(() => never<{ display: boolean; secondsLeft: number }>());
  const actor = createActor(
    consoleMachine.provide({
      actors: {
        loadStaffSession: fromPromise(loads),
        signOut: fromPromise(signOuts),
        staffSession: staffSessionChild.provide({
          actors: { checkTimeLeft: fromPromise(checkTimeLeft), extendSession: fromPromise(() => never<{ secondsLeft: number }>()), signOut: fromPromise(signOuts) },
        }),
      },
      actions: { recheckGuards, showConsole, openConsoleAfresh },
    }),
    { clock },
  ).start();
  return { actor, clock, loads, signOuts, recheckGuards, showConsole, openConsoleAfresh, checkTimeLeft };
}

describe("the console's root", () => {
  it('asks nothing until the first page says how: the server is asked once the page starts it', async () => {
    const { actor, loads } = arrange();
    expect(selectIsSettled(actor.getSnapshot())).toBe(false);
    expect(loads).not.toHaveBeenCalled();
    actor.send({ type: 'console.start' });
    const settled = await waitFor(actor, selectIsSettled);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(selectStage(settled)).toBe('signedOut');
  });

  it.each([
    [{ stage: 'none' }, 'signedOut'],
    [{ stage: 'secondFactor', factors: { passkey: true, authenticatorApp: false } }, 'secondFactor'],
    [{ stage: 'enrol', email: admin.email }, 'enrolling'],
    [admin, 'signedIn'],
  ] as const)('shows, for a server session of stage %o, the console %s', async (session, stage) => {
    const { actor } = arrange({ session: () => Promise.resolve(session) });
    actor.send({ type: 'console.start' });
    expect(selectStage(await waitFor(actor, selectIsSettled))).toBe(stage);
  });

  it('tags the signed-in staff member with their role, and only while signed in', async () => {
    const { actor } = arrange({ session: () => Promise.resolve(clerk) });
    actor.send({ type: 'console.start' });
    const signedIn = await waitFor(actor, selectIsSettled);
    expect(selectStaffRole(signedIn)).toBe('billingStaff');
    expect(signedIn.hasTag('role:officeAdmin')).toBe(false);
    expect(selectSignedInStaff(signedIn)).toEqual(clerk);
    actor.send({ type: 'console.signOut' });
    const signedOut = await waitFor(actor, selectIsSettled);
    expect(selectStage(signedOut)).toBe('signedOut');
    expect(selectStaffRole(signedOut)).toBeNull();
    expect(selectSignedInStaff(signedOut)).toBeNull();
  });

  it('resumes a page the server rendered with its session, asking the server nothing', () => {
    const { actor, loads } = arrange();
    actor.send({ type: 'console.resumed', session: admin });
    expect(selectStage(actor.getSnapshot())).toBe('signedIn');
    expect(selectStaffRole(actor.getSnapshot())).toBe('officeAdmin');
    expect(loads).not.toHaveBeenCalled();
  });

  it('keeps the signed-in staff member signed in through its child, which polls the time left and stops when they sign out', async () => {
    const { actor, clock, checkTimeLeft } = arrange();
    actor.send({ type: 'console.resumed', session: admin });
    const child = selectStaffSessionActor(actor.getSnapshot());
    expect(child?.getSnapshot().context.email).toBe(admin.email);
    clock.increment(10000);
    expect(checkTimeLeft).toHaveBeenCalledTimes(1);
    actor.send({ type: 'console.signOut' });
    await waitFor(actor, (snapshot) => snapshot.matches({ signingIn: 'signedOut' }));
    expect(selectStaffSessionActor(actor.getSnapshot())).toBeUndefined();
    clock.increment(60000);
    expect(checkTimeLeft).toHaveBeenCalledTimes(1);
  });

  it('opens the console when the sign-in says it is done, with the session it answered, and has the guards check the page again', () => {
    const { actor, loads, recheckGuards } = arrange();
    actor.send({ type: 'console.resumed', session: { stage: 'secondFactor', factors: { passkey: false, authenticatorApp: true } } });
    actor.send({ type: 'console.signedIn', session: clerk });
    expect(selectStaffRole(actor.getSnapshot())).toBe('billingStaff');
    expect(recheckGuards).toHaveBeenCalledTimes(1);
    expect(loads).not.toHaveBeenCalled();
  });

  it('sends a staff member without a second factor to the set-up page, and opens the console once it is set up', async () => {
    const { actor, loads, recheckGuards, showConsole } = arrange({ session: () => Promise.resolve(admin) });
    actor.send({ type: 'console.resumed', session: { stage: 'none' } });
    actor.send({ type: 'console.enrolmentOwed', email: 'new.clerk@sunriselabs.example' });
    expect(selectStage(actor.getSnapshot())).toBe('enrolling');
    // What the route reads: the session as the server now has it, a second factor to set up.
    expect(selectSession(actor.getSnapshot())).toEqual({ stage: 'enrol', email: 'new.clerk@sunriselabs.example' });
    expect(recheckGuards).toHaveBeenCalledTimes(1);
    actor.send({ type: 'console.enrolled' });
    expect(showConsole).toHaveBeenCalledTimes(1);
    expect(selectStage(await waitFor(actor, selectIsSettled))).toBe('signedIn');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('passes a refused console call to the staff session, which offers to sign in again over the screen', () => {
    const { actor } = arrange();
    actor.send({ type: 'console.resumed', session: admin });
    actor.send({ type: 'console.refused' });
    expect(selectStaffSessionActor(actor.getSnapshot())?.getSnapshot().hasTag('ended')).toBe(true);
    expect(selectStage(actor.getSnapshot())).toBe('signedIn');
  });

  it('shows the sign-in when the staff session signs out from its own dialog', async () => {
    const { actor, recheckGuards } = arrange();
    actor.send({ type: 'console.resumed', session: admin });
    actor.send({ type: 'console.refused' });
    selectStaffSessionActor(actor.getSnapshot())?.send({ type: 'staffSession.signOut' });
    await waitFor(actor, (snapshot) => selectStage(snapshot) === 'signedOut');
    expect(recheckGuards).toHaveBeenCalledTimes(1);
  });

  it('loads the console afresh when someone else signs in over the screen, asking nothing more in this page (the new one asks who)', () => {
    const { actor, loads, openConsoleAfresh } = arrange({ session: () => Promise.resolve(clerk) });
    actor.send({ type: 'console.resumed', session: admin });
    actor.send({ type: 'console.refused' });
    selectStaffSessionActor(actor.getSnapshot())?.send({ type: 'staffSession.signedIn', email: clerk.email, secondsLeft: 900 });
    expect(openConsoleAfresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectSignedInStaff(actor.getSnapshot())).toBeNull();
    expect(loads).not.toHaveBeenCalled();
  });

  it('says when the session could not be learned, and asks again on Try again', async () => {
    let answer: () => Promise<StaffSession> = () => Promise.reject(Object.assign(new Error('offline'), { code: 'network' }));
    const { actor } = arrange({ session: () => answer() });
    actor.send({ type: 'console.start' });
    const failed = await waitFor(actor, selectIsSettled);
    expect(selectStage(failed)).toBe('unavailable');
    expect(selectFailure(failed)).toBe('network');
    answer = () => Promise.resolve(admin);
    actor.send({ type: 'console.retry' });
    const settled = await waitFor(actor, selectIsSettled);
    expect(selectStage(settled)).toBe('signedIn');
    expect(selectFailure(settled)).toBeNull();
  });
});
