import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { activationMachine } from './activation.machine';
import { selectActivationFailure, selectActivationStatus, selectIsResending, selectResendFailure, selectResendStatus } from './activation.selectors';
import { resendActivationMachine } from './resend-activation.machine';

const failure = (code: string) => Object.assign(new Error(code), { code });

function arrangeActivation(token: string | null, activate: () => Promise<unknown>) {
  const tokens: string[] = [];
  let shown = 0;
  const actor = createActor(
    activationMachine.provide({
      actors: {
        activate: fromPromise(({ input }) => {
          tokens.push(input);
          return activate();
        }),
      },
      actions: {
        showActivated: () => {
          shown++;
        },
      },
    }),
    { input: { token } },
  ).start();
  return { actor, tokens, shown: () => shown };
}

describe('the activation page', () => {
  it("spends the link's token and shows the success screen", async () => {
    const { actor, tokens, shown } = arrangeActivation('tok', () => Promise.resolve({ activated: true }));
    expect(selectActivationStatus(actor.getSnapshot())).toBe('activating');
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectActivationStatus(actor.getSnapshot())).toBe('activated');
    expect(tokens).toEqual(['tok']);
    expect(shown()).toBe(1);
  });

  it('says a link without a token cannot activate anything, without asking the server', () => {
    for (const token of [null, '']) {
      const { actor, tokens } = arrangeActivation(token, () => Promise.resolve({}));
      expect(selectActivationStatus(actor.getSnapshot())).toBe('linkUnusable');
      expect(tokens).toEqual([]);
    }
  });

  it('says an unknown, used or expired link cannot activate anything', async () => {
    const { actor, shown } = arrangeActivation('old', () => Promise.reject(failure('notFound')));
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectActivationStatus(actor.getSnapshot())).toBe('linkUnusable');
    expect(shown()).toBe(0);
  });

  it('lets the person try again when the network failed, with the same link', async () => {
    let answer: Promise<unknown> = Promise.reject(failure('network'));
    const { actor, tokens } = arrangeActivation('tok', () => answer);
    await waitFor(actor, (s) => selectActivationStatus(s) === 'failed');
    expect(selectActivationFailure(actor.getSnapshot())).toBe('network');

    answer = Promise.resolve({ activated: true });
    actor.send({ type: 'activation.retry' });
    expect(selectActivationFailure(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => selectActivationStatus(s) === 'activated');
    expect(tokens).toEqual(['tok', 'tok']);
  });

  it('treats an unexpected failure as a server error', async () => {
    const { actor } = arrangeActivation('tok', () => Promise.reject(new TypeError('boom')));
    await waitFor(actor, (s) => selectActivationStatus(s) === 'failed');
    expect(selectActivationFailure(actor.getSnapshot())).toBe('serverError');
  });
});

describe('sending the activation link again', () => {
  function arrangeResend(resend: () => Promise<unknown>) {
    const emails: string[] = [];
    const actor = createActor(
      resendActivationMachine.provide({
        actors: {
          resendActivation: fromPromise(({ input }) => {
            emails.push(input);
            return resend();
          }),
        },
      }),
    ).start();
    return { actor, emails };
  }

  it('asks once for the address however often pressed, and says it is on its way', async () => {
    const { actor, emails } = arrangeResend(() => Promise.resolve({ accepted: true }));
    expect(selectResendStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'activation.resend', email: 'riley@example.com' });
    actor.send({ type: 'activation.resend', email: 'riley@example.com' });
    expect(selectIsResending(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => selectResendStatus(s) === 'sent');
    expect(emails).toEqual(['riley@example.com']);

    actor.send({ type: 'activation.resend', email: 'riley@example.com' });
    await waitFor(actor, (s) => selectResendStatus(s) === 'sent');
    expect(emails).toHaveLength(2);
  });

  it('says when it was asked too often, and may be asked again', async () => {
    let answer: Promise<unknown> = Promise.reject(failure('tooManyRequests'));
    const { actor } = arrangeResend(() => answer);
    actor.send({ type: 'activation.resend', email: 'riley@example.com' });
    await waitFor(actor, (s) => selectResendStatus(s) === 'failed');
    expect(selectResendFailure(actor.getSnapshot())).toBe('tooManyRequests');

    answer = Promise.resolve({ accepted: true });
    actor.send({ type: 'activation.resend', email: 'riley@example.com' });
    expect(selectResendFailure(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => selectResendStatus(s) === 'sent');
  });
});
