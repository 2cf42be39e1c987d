import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from './language.machine';
import { selectIsLanguageUnavailable } from './language.selectors';
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

describe('no language can be loaded', () => {
  /** A machine whose catalog loads fail as many times as `failures` says, then succeed. */
  function arrangeFailing(failures: number) {
    let remaining = failures;
    const attempts = vi.fn<(language: Language) => void>();
    const actor = createActor(
      languageMachine.provide({
        actors: {
          applyLanguage: fromPromise<undefined, Language>(({ input }) => {
            attempts(input);
            if (remaining > 0) {
              remaining -= 1;
              return Promise.reject(new Error('chunk failed'));
            }
            return Promise.resolve(undefined);
          }),
        },
      }),
      { input: { stored: 'es-ES' } },
    ).start();
    return { actor, attempts };
  }

  it('says the portal is unavailable instead of showing a page without text', async () => {
    const { actor, attempts } = arrangeFailing(2);
    const snapshot = await waitFor(actor, (s) => !s.hasTag('switching'));
    expect(snapshot.matches('unavailable')).toBe(true);
    expect(selectIsLanguageUnavailable(snapshot)).toBe(true);
    expect(snapshot.context.loaded).toEqual([]);
    expect(attempts.mock.calls).toEqual([['es-ES'], ['en-US']]);
  });

  it('loads English again when the visitor tries again, and the portal is readable', async () => {
    const { actor, attempts } = arrangeFailing(2);
    await waitFor(actor, (s) => s.matches('unavailable'));
    actor.send({ type: 'language.retry' });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(attempts).toHaveBeenLastCalledWith('en-US');
    expect(snapshot.context.loaded).toEqual(['en-US']);
    expect(selectIsLanguageUnavailable(snapshot)).toBe(false);
  });

  it('stays unavailable when trying again fails too', async () => {
    const { actor } = arrangeFailing(3);
    await waitFor(actor, (s) => s.matches('unavailable'));
    actor.send({ type: 'language.retry' });
    const snapshot = await waitFor(actor, (s) => !s.hasTag('switching'));
    expect(snapshot.matches('unavailable')).toBe(true);
  });

  it('keeps the current language when a later choice fails to load', async () => {
    const { actor } = arrangeFailing(0);
    await waitFor(actor, (s) => s.matches('ready'));
    const failing = createActor(
      languageMachine.provide({ actors: { applyLanguage: fromPromise<undefined, Language>(() => Promise.reject(new Error('chunk failed'))) } }),
      { snapshot: actor.getPersistedSnapshot(), input: { stored: 'es-ES' } },
    ).start();
    failing.send({ type: 'language.change', language: 'en-US' });
    const snapshot = await waitFor(failing, (s) => !s.hasTag('switching'));
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context.language).toBe('es-ES');
  });
});

describe('a choice made while the server is asked', () => {
  /** A signed-in machine whose server calls answer when their `answer*` is called, with its calls recorded. */
  function arrangeHeld(stored: Language | null) {
    const calls: string[] = [];
    const answers: (() => void)[] = [];
    const held = <T>(call: string, value: T) =>
      new Promise<T>((resolve) => {
        calls.push(call);
        answers.push(() => resolve(value));
      });
    const actor = createActor(
      languageMachine.provide({
        actors: {
          applyLanguage: fromPromise<undefined, Language>(({ input }) => {
            calls.push(`apply ${input}`);
            return Promise.resolve(undefined);
          }),
          fetchUserLanguage: fromPromise(() => held<Language>('read', 'es-ES')),
          saveUserLanguage: fromPromise<unknown, Language>(({ input }) => held(`save ${input}`, undefined)),
        },
      }),
      { input: { stored } },
    ).start();
    const answerNext = () => answers.shift()?.();
    return { actor, calls, answerNext };
  }

  it("waits for the save of the earlier one, then is applied and saved: the server keeps the last choice", async () => {
    const { actor, calls, answerNext } = arrangeHeld('es-ES');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.userSignedIn' });
    await waitFor(actor, (s) => s.matches('savingUserLanguage'));
    actor.send({ type: 'language.change', language: 'en-US' });
    expect(actor.getSnapshot().context.language).toBe('es-ES');
    answerNext();
    await waitFor(actor, (s) => s.matches('savingUserLanguage') && s.context.language === 'en-US');
    answerNext();
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.language).toBe('en-US');
    expect(calls).toEqual(['apply es-ES', 'save es-ES', 'apply en-US', 'save en-US']);
  });

  it("wins over the user's language read from the server, and is saved as theirs", async () => {
    const { actor, calls, answerNext } = arrangeHeld(null);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'language.userSignedIn' });
    await waitFor(actor, (s) => s.matches('fetchingUserLanguage'));
    actor.send({ type: 'language.change', language: 'en-US' });
    answerNext();
    await waitFor(actor, (s) => s.matches('savingUserLanguage'));
    answerNext();
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.language).toBe('en-US');
    expect(calls).toEqual(['apply en-US', 'read', 'apply en-US', 'save en-US']);
  });
});
