import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emailConfirmationMachine } from './email-confirmation.machine';
import { selectChangedTo, selectConfirmationFailure, selectConfirmationStatus } from './email-confirmation.selectors';

const token = 'T'.repeat(43);
const failure = (code: string) => Object.assign(new Error(code), { code });

/** A confirmation machine over the given server answer, started. */
function arrange(confirm: (token: string) => Promise<{ email: string }> = () => Promise.resolve({ email: 'new@example.com' })) {
  const confirmed = vi.fn<(token: string) => void>();
  const effects = { forgetToken: vi.fn<() => void>(), refreshSession: vi.fn<() => void>(), showSuccess: vi.fn<() => void>() };
  const actor = createActor(
    emailConfirmationMachine.provide({
      actors: {
        confirmEmailChange: fromPromise<{ email: string }, string>(({ input }) => {
          confirmed(input);
          return confirm(input);
        }),
      },
      actions: effects,
    }),
    { input: { token } },
  ).start();
  return { actor, confirmed, effects };
}

describe('opening the link', () => {
  it('confirms with the token, forgets it, refreshes the session and shows the success screen', async () => {
    const { actor, confirmed, effects } = arrange();
    expect(selectConfirmationStatus(actor.getSnapshot())).toBe('confirming');
    await waitFor(actor, (snapshot) => selectConfirmationStatus(snapshot) === 'confirmed');
    expect(confirmed).toHaveBeenCalledWith(token);
    expect(selectChangedTo(actor.getSnapshot())).toBe('new@example.com');
    expect(effects.forgetToken).toHaveBeenCalledOnce();
    expect(effects.refreshSession).toHaveBeenCalledOnce();
    expect(effects.showSuccess).toHaveBeenCalledOnce();
  });

  it('says calmly that a link does not work, forgets it, and shows no success', async () => {
    const { actor, effects } = arrange(() => Promise.reject(failure('linkInvalid')));
    await waitFor(actor, (snapshot) => selectConfirmationStatus(snapshot) === 'linkFailed');
    expect(effects.forgetToken).toHaveBeenCalledOnce();
    expect(effects.refreshSession).not.toHaveBeenCalled();
    expect(effects.showSuccess).not.toHaveBeenCalled();
  });

  it('offers to try again after a network failure, with the same link', async () => {
    let attempts = 0;
    const { actor, confirmed, effects } = arrange(() =>
      ++attempts === 1 ? Promise.reject(failure('network')) : Promise.resolve({ email: 'new@example.com' }),
    );
    await waitFor(actor, (snapshot) => selectConfirmationStatus(snapshot) === 'confirmFailed');
    expect(selectConfirmationFailure(actor.getSnapshot())).toBe('network');
    expect(effects.forgetToken).not.toHaveBeenCalled();
    actor.send({ type: 'emailConfirmation.retry' });
    await waitFor(actor, (snapshot) => selectConfirmationStatus(snapshot) === 'confirmed');
    expect(confirmed).toHaveBeenCalledTimes(2);
    expect(confirmed).toHaveBeenLastCalledWith(token);
  });
});
