import { activationMachine } from '@machines/registration/activation.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@/lib/api/errors';
import { activateAccount } from './registration-api';
import { createActivationImplementations } from './registration.implementations';

vi.mock('./registration-api');

/** The activation page's machine over the real implementations, the Activate call answering `answer`. */
function openLink(answer: () => Promise<void>) {
  vi.mocked(activateAccount).mockImplementation(answer);
  const forgetToken = vi.fn();
  const showActivated = vi.fn();
  const actor = createActor(activationMachine.provide(createActivationImplementations({ forgetToken, showActivated })), {
    input: { token: 'T'.repeat(43) },
  }).start();
  return { actor, forgetToken, showActivated };
}

describe("the activation link's token kept in this tab", () => {
  it('is forgotten once the account is active, before the success screen shows', async () => {
    const { actor, forgetToken, showActivated } = openLink(() => Promise.resolve());
    await waitFor(actor, (snapshot) => snapshot.matches('activated'));
    expect(forgetToken).toHaveBeenCalledOnce();
    expect(showActivated).toHaveBeenCalledOnce();
  });

  it('is forgotten when the link cannot activate anything', async () => {
    const { actor, forgetToken } = openLink(() => Promise.reject(new ApiError('notFound', 404)));
    await waitFor(actor, (snapshot) => snapshot.matches('linkUnusable'));
    expect(forgetToken).toHaveBeenCalledOnce();
  });

  it('stays for Try again (or a reload) when the network or the server failed', async () => {
    const { actor, forgetToken } = openLink(() => Promise.reject(new ApiError('network', null)));
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(forgetToken).not.toHaveBeenCalled();
  });
});
