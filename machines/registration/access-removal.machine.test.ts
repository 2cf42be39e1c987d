import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accessRemovalMachine } from './access-removal.machine';
import { selectAccessRemovalFailure, selectAccessRemovalStatus, selectIsRemovingAccess } from './access-removal.selectors';

const failure = (code: string) => Object.assign(new Error(code), { code });

function arrange(token: string | null, remove: () => Promise<unknown>) {
  const tokens: string[] = [];
  let forgotten = 0;
  const actor = createActor(
    accessRemovalMachine.provide({
      actors: {
        removeAccess: fromPromise(({ input }) => {
          tokens.push(input);
          return remove();
        }),
      },
      actions: {
        forgetToken: () => {
          forgotten++;
        },
      },
    }),
    { input: { token } },
  ).start();
  return { actor, tokens, forgotten: () => forgotten };
}

describe('the access-removal page', () => {
  it('removes nothing until the person confirms, then spends the token once and forgets it', async () => {
    const { actor, tokens, forgotten } = arrange('tok', () => Promise.resolve({ removed: true }));
    expect(selectAccessRemovalStatus(actor.getSnapshot())).toBe('ready');
    expect(tokens).toEqual([]);
    actor.send({ type: 'accessRemoval.confirm' });
    expect(selectIsRemovingAccess(actor.getSnapshot())).toBe(true);
    // A second press while removing is ignored.
    actor.send({ type: 'accessRemoval.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectAccessRemovalStatus(actor.getSnapshot())).toBe('removed');
    expect(tokens).toEqual(['tok']);
    expect(forgotten()).toBe(1);
  });

  it('says a link without a token cannot remove anything, without asking the server', () => {
    for (const token of [null, '']) {
      const { actor, tokens } = arrange(token, () => Promise.resolve({}));
      expect(selectAccessRemovalStatus(actor.getSnapshot())).toBe('linkUnusable');
      expect(tokens).toEqual([]);
    }
  });

  it('says an unknown, used or expired link cannot remove anything', async () => {
    const { actor } = arrange('old', () => Promise.reject(failure('linkInvalid')));
    actor.send({ type: 'accessRemoval.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectAccessRemovalStatus(actor.getSnapshot())).toBe('linkUnusable');
  });

  it('keeps the link after a failure of the network or the server, and tries again on request', async () => {
    const answers = [Promise.reject(failure('network')), Promise.reject(new TypeError('boom')), Promise.resolve({ removed: true })];
    for (const answer of answers) answer.catch(() => undefined);
    const { actor, tokens } = arrange('tok', () => answers.shift() ?? Promise.resolve({}));
    actor.send({ type: 'accessRemoval.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectAccessRemovalFailure(actor.getSnapshot())).toBe('network');
    actor.send({ type: 'accessRemoval.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && snapshot.context.failure === 'serverError');
    actor.send({ type: 'accessRemoval.retry' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectAccessRemovalStatus(actor.getSnapshot())).toBe('removed');
    expect(tokens).toEqual(['tok', 'tok', 'tok']);
  });
});
