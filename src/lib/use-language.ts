import type { Language } from '@contracts/session';
import { selectLanguage } from '@machines/language/language.selectors';
import { useSelector } from '@xstate/react';
import { useMachines } from './machines';

/** The language the portal speaks now, as the language machine says: what views format and send with. */
export function useLanguage(): Language {
  const { language } = useMachines();
  return useSelector(language, selectLanguage);
}
