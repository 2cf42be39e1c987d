/** The language machine's effects: loading catalogs, the user's language on the server, and the device's choice. */
import type { languageMachine } from '@machines/language/language.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import { getTranslationLanguage, updateTranslationLanguage } from '@/lib/api/endpoints';
import { activateLanguage, rememberLanguage } from '@/lib/i18n';

/** Creates the language machine's implementations: catalogs through i18n, the user's language through the api. */
export function createLanguageImplementations(): MachineImplementationsFrom<typeof languageMachine> {
  return {
    actors: {
      applyLanguage: fromPromise(({ input }) => activateLanguage(input)),
      fetchUserLanguage: fromPromise(({ signal }) => getTranslationLanguage({ signal })),
      saveUserLanguage: fromPromise(({ input, signal }) => updateTranslationLanguage(input, { signal })),
    },
    actions: {
      rememberLanguage: (_, { language }) => rememberLanguage(language),
    },
  };
}
