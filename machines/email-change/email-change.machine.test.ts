import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emailChangeMachine } from './email-change.machine';
import { emailChangeFieldProblem } from './email-change.rules';
import { selectDraft, selectEmailChangeStatus, selectFieldProblems, selectFirstProblemField, selectSentTo } from './email-change.selectors';
import type { EmailChangeSubmission } from './email-change.types';

const current = 'pat.doe@example.com';
const failure = (code: string, fields?: object) => Object.assign(new Error(code), { code, fields });

/** An email change machine over the given server answer, started. */
function arrange(request?: (submission: EmailChangeSubmission) => Promise<{ newEmail: string }>) {
  const requested = vi.fn<(submission: EmailChangeSubmission) => void>();
  const actor = createActor(
    emailChangeMachine.provide({
      actors: {
        requestEmailChange: fromPromise<{ newEmail: string }, EmailChangeSubmission>(({ input: submission }) => {
          requested(submission);
          return request?.(submission) ?? Promise.resolve({ newEmail: submission.newEmail.toLowerCase() });
        }),
      },
    }),
    { input: { currentEmail: current } },
  );
  actor.start();
  return { actor, requested };
}

const type = (actor: ReturnType<typeof arrange>['actor'], newEmail: string, password: string) => {
  actor.send({ type: 'form.edit', field: 'newEmail', value: newEmail });
  actor.send({ type: 'form.edit', field: 'password', value: password });
};

describe('asking for a new address', () => {
  it('checks a field once it is left, never while typing', () => {
    const { actor } = arrange();
    expect(selectEmailChangeStatus(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'form.edit', field: 'newEmail', value: 'pat.doe@' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.leave', field: 'newEmail' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ newEmail: 'invalid' });
  });

  it('refuses the current address, a missing password, and sends nothing', () => {
    const { actor, requested } = arrange();
    type(actor, ' PAT.DOE@example.com ', '');
    actor.send({ type: 'form.submit' });
    expect(requested).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.refusals).toBe(1);
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ newEmail: 'sameAsCurrent', password: 'required' });
    expect(selectFirstProblemField(actor.getSnapshot())).toBe('newEmail');
  });

  it('sends the address trimmed with the password as typed, then says where the link went and forgets the password', async () => {
    const { actor, requested } = arrange();
    type(actor, ' New.Pat@Example.com ', ' secret with spaces ');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => selectEmailChangeStatus(snapshot) === 'linkSent');
    expect(requested).toHaveBeenCalledWith({ newEmail: 'New.Pat@Example.com', password: ' secret with spaces ' });
    expect(selectSentTo(actor.getSnapshot())).toBe('new.pat@example.com');
    expect(selectDraft(actor.getSnapshot()).password).toBe('');
  });

  it('shows a wrong password at the password field and keeps the address typed', async () => {
    const { actor } = arrange(() => Promise.reject(failure('refused', { password: 'wrongPassword' })));
    type(actor, 'new.pat@example.com', 'not it at all');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.refusals > 0);
    expect(selectEmailChangeStatus(actor.getSnapshot())).toBe('form');
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({ password: 'wrongPassword' });
    expect(selectFirstProblemField(actor.getSnapshot())).toBe('password');
    expect(selectDraft(actor.getSnapshot())).toEqual({ newEmail: 'new.pat@example.com', password: 'not it at all' });
  });

  it('says too many attempts above the form, keeping what was typed', async () => {
    const { actor } = arrange(() => Promise.reject(failure('tooManyRequests')));
    type(actor, 'new.pat@example.com', 'Sunrise#Demo2026');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe('tooManyRequests');
    expect(selectDraft(actor.getSnapshot()).newEmail).toBe('new.pat@example.com');
  });

  it('starts over for another address, keeping the one typed to correct it', async () => {
    const { actor } = arrange();
    type(actor, 'new.pat@exmaple.com', 'Sunrise#Demo2026');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => selectEmailChangeStatus(snapshot) === 'linkSent');
    actor.send({ type: 'emailChange.startOver' });
    expect(selectEmailChangeStatus(actor.getSnapshot())).toBe('form');
    expect(selectDraft(actor.getSnapshot())).toEqual({ newEmail: 'new.pat@exmaple.com', password: '' });
    expect(selectFieldProblems(actor.getSnapshot())).toEqual({});
  });
});

describe('the rules', () => {
  it('match the server for addresses and passwords', () => {
    expect(emailChangeFieldProblem('newEmail', '', current)).toBe('required');
    expect(emailChangeFieldProblem('newEmail', 'a@b\u0000.com', current)).toBe('invalidCharacters');
    expect(emailChangeFieldProblem('newEmail', `${'x'.repeat(250)}@example.com`, current)).toBe('tooLong');
    expect(emailChangeFieldProblem('newEmail', 'no-at-sign.example.com', current)).toBe('invalid');
    expect(emailChangeFieldProblem('newEmail', 'new.pat+portal@example.co.uk', current)).toBeNull();
    expect(emailChangeFieldProblem('password', ' ', current)).toBeNull();
    expect(emailChangeFieldProblem('password', 'x'.repeat(129), current)).toBe('tooLong');
  });
});
