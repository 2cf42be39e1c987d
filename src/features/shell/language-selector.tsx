import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '@machines/language/language.selectors';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { isLanguage } from '@contracts/session';
import { useMachines } from '@/lib/machines';

/** Each language is named in its own language, so a reader always finds theirs. */
const languageNames = [
  { value: 'en-US', name: 'English (US)' },
  { value: 'es-ES', name: 'Español (España)' },
] as const;

/** The header's language selector: switches every visible string and remembers the choice. */
export function LanguageSelector() {
  const { language: languageActor } = useMachines();
  const language = useSelector(languageActor, selectLanguage);
  const id = useId();
  return (
    <span className="language-selector">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) languageActor.send({ type: 'language.change', language: value });
        }}
      >
        {languageNames.map(({ value, name }) => (
          <option key={value} value={value} lang={value}>
            {name}
          </option>
        ))}
      </select>
    </span>
  );
}
