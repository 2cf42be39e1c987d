import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from './language.machine';
import type { Language } from './language.types';

/** A language machine whose catalog loads when `release` is called, with its server calls recorded. */
function arrange(stored: Language | null, serverLanguage: Language = 'en-US') {
  let release = (): void => undefined;
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const saved = vi.fn<(language: Language) => void>();
  const fetched = vi.fn<() => void>();
  const actor = createActor(
    languageMachine.provide({
      actors: {
        applyLanguage: fromPromise<undefined, Language>(async () => {
          await loaded;
          return undefined;
        }),
        fetchUserLanguage: fromPromise(() => {
          fetched();
          return Promise.resolve(serverLanguage);
        }),
        saveUserLanguage: fromPromise<unknown, Language>(({ input }) => {
          saved(input);
          return Promise.resolve(undefined);
        }),
      },
    }),
    { input: { stored } },
  ).start();
  return { actor, release, saved, fetched };
}

describe('signing in while the first language is still loading', () => {
  it("is not lost: a language chosen on this device earlier becomes the user's on the server", async () => {
    const { actor, release, saved, fetched } = arrange('es-ES');
    actor.send({ type: 'language.userSignedIn' });
    release();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(saved).toHaveBeenCalledWith('es-ES');
    expect(fetched).not.toHaveBeenCalled();
  });

  it("is not lost: with nothing chosen here, the user's language from the server applies", async () => {
    const { actor, release, saved, fetched } = arrange(null, 'es-ES');
    actor.send({ type: 'language.userSignedIn' });
    release();
    const snapshot = await waitFor(actor, (s) => s.matches('ready') && s.context.language === 'es-ES');
    expect(fetched).toHaveBeenCalledOnce();
    expect(saved).not.toHaveBeenCalled();
    expect(snapshot.context.language).toBe('es-ES');
  });
});
