import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { memberMachine } from './member.machine';
import { memberFieldProblem } from './member.rules';
import {
  selectDraft,
  selectFieldProblems,
  selectFirstProblemField,
  selectIsSaved,
  selectMemberStatus,
  selectSignOutStep,
} from './member.selectors';
import { profile } from './member.fixtures';
import type { MemberDetails, MemberDraft } from './member.types';

/** A member machine over the given effects, started and loaded. */
async function arrange(save: (draft: MemberDraft) => Promise<MemberDetails> = (draft) => Promise.resolve(draft)) {
  const saved = vi.fn<(draft: MemberDraft) => void>();
  const signOut = vi.fn<() => Promise<unknown>>(() => Promise.resolve({ endedSessions: 2 }));
  const endSession = vi.fn<() => void>();
  const actor = createActor(
    memberMachine.provide({
      actors: {
        loadMember: fromPromise(() => Promise.resolve(profile)),
        saveDetails: fromPromise<MemberDetails, MemberDraft>(({ input }) => {
          saved(input);
          return save(input);
        }),
        signOutEverywhere: fromPromise(() => signOut()),
      },
      actions: { endSession },
    }),
  );
  actor.start();
  await waitFor(actor, (snapshot) => selectMemberStatus(snapshot) === 'ready');
  return { actor, saved, signOut, endSession };
}

describe('editing the name and company', () => {
  it('starts from what is stored', async () => {
    const { actor } = await arrange();
    expect(selectDraft(actor.getSnapshot())).toEqual({ firstName: 'Pat', lastName: 'Doe', company: '' });
  });

  it('shows no problem while typing, only once the field is left', async () => {
    const { actor } = await arrange();
    actor.send({ type: 'form.edit', field: 'firstName', value: '  ' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.leave', field: 'firstName' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ firstName: 'required' });
    // Fixed as typed: the problem goes at once.
    actor.send({ type: 'form.edit', field: 'firstName', value: 'Jo' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({});
  });

  it('refuses a save with a broken field: every problem shows, nothing is sent, the view is told to move the focus', async () => {
    const { actor, saved } = await arrange();
    actor.send({ type: 'form.edit', field: 'lastName', value: 'x'.repeat(101) });
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme\u0007' });
    actor.send({ type: 'form.submit' });
    expect(saved).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.refusals).toBe(1);
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ lastName: 'tooLong', company: 'invalidCharacters' });
    expect(selectFirstProblemField(actor.getSnapshot())).toBe('lastName');
    // What was typed stays.
    expect(selectDraft(actor.getSnapshot()).lastName).toBe('x'.repeat(101));
  });

  it('sends the fields normalised, then shows what the server stored and says it is saved', async () => {
    const { actor, saved } = await arrange((draft) => Promise.resolve({ ...draft, company: draft.company.toUpperCase() }));
    actor.send({ type: 'form.edit', field: 'firstName', value: ' Jose\u0301 ' });
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => selectIsSaved(snapshot));
    expect(saved).toHaveBeenCalledWith({ firstName: 'José', lastName: 'Doe', company: 'Acme' });
    expect(selectDraft(actor.getSnapshot())).toEqual({ firstName: 'José', lastName: 'Doe', company: 'ACME' });
    expect(actor.getSnapshot().context.profile?.company).toBe('ACME');
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme Clinic' });
    expect(selectIsSaved(actor.getSnapshot())).toBe(false);
  });

  it('keeps what is typed while a save is on its way, and does not call it saved', async () => {
    let answer = (_details: MemberDetails): void => undefined;
    const { actor } = await arrange((draft) => new Promise((resolve) => (answer = () => resolve(draft))));
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme Clinic' });
    answer({ firstName: 'Pat', lastName: 'Doe', company: 'Acme' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(selectDraft(actor.getSnapshot()).company).toBe('Acme Clinic');
    expect(selectIsSaved(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.profile?.company).toBe('Acme');
  });

  it("shows the server's refusal at its field until that field is edited, and keeps what was typed", async () => {
    const { actor } = await arrange(() => Promise.reject(Object.assign(new Error('refused'), { code: 'refused', fields: { lastName: 'invalidCharacters' } })));
    actor.send({ type: 'form.edit', field: 'lastName', value: 'Doe‮' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && snapshot.context.refusals > 0);
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ lastName: 'invalidCharacters' });
    expect(selectDraft(actor.getSnapshot()).lastName).toBe('Doe‮');
    actor.send({ type: 'form.edit', field: 'lastName', value: 'Doe' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({});
  });

  it('keeps the typed text when the network fails, with the failure said', async () => {
    const { actor } = await arrange(() => Promise.reject(Object.assign(new Error('down'), { code: 'network' })));
    actor.send({ type: 'form.edit', field: 'company', value: 'Acme' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe('network');
    expect(selectDraft(actor.getSnapshot()).company).toBe('Acme');
  });
});

describe('signing out on every device', () => {
  it('asks first, and cancelling changes nothing', async () => {
    const { actor, signOut } = await arrange();
    actor.send({ type: 'member.signOutEverywhere' });
    expect(selectSignOutStep(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'member.cancelSignOut' });
    expect(selectSignOutStep(actor.getSnapshot())).toBe('idle');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('ends the sessions on the server, then tells the session here', async () => {
    const { actor, signOut, endSession } = await arrange();
    actor.send({ type: 'member.signOutEverywhere' });
    actor.send({ type: 'member.confirmSignOut' });
    await waitFor(actor, (snapshot) => selectSignOutStep(snapshot) === 'done');
    expect(signOut).toHaveBeenCalledOnce();
    expect(endSession).toHaveBeenCalledOnce();
  });

  it('says what went wrong when the server could not do it, and asks again', async () => {
    const { actor, signOut, endSession } = await arrange();
    signOut.mockImplementationOnce(() => Promise.reject(Object.assign(new Error('down'), { code: 'network' })));
    actor.send({ type: 'member.signOutEverywhere' });
    actor.send({ type: 'member.confirmSignOut' });
    await waitFor(actor, (snapshot) => snapshot.context.signOutFailure !== null);
    expect(selectSignOutStep(actor.getSnapshot())).toBe('confirming');
    expect(actor.getSnapshot().context.signOutFailure).toBe('network');
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('the rules', () => {
  it('match the server: trimmed, NFC, no control characters, the lengths', () => {
    expect(memberFieldProblem('firstName', ' ')).toBe('required');
    expect(memberFieldProblem('company', '')).toBeNull();
    expect(memberFieldProblem('lastName', 'e\u0301'.repeat(100))).toBeNull();
    expect(memberFieldProblem('lastName', 'x'.repeat(101))).toBe('tooLong');
    expect(memberFieldProblem('firstName', 'A\u0000')).toBe('invalidCharacters');
  });
});
