import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { isLanguage } from '@contracts/session';
import { useLanguage } from '@/lib/use-language';
import { useLanguageEvents } from '@/lib/use-machine-events';

/** Each language is named in its own language, so a reader always finds theirs. */
const languageNames = [
  { value: 'en-US', name: 'English (US)' },
  { value: 'es-ES', name: 'Español (España)' },
] as const;

/** The header's language selector: switches every visible string and remembers the choice. */
export function LanguageSelector() {
  const language = useLanguage();
  const { change } = useLanguageEvents();
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
          if (isLanguage(value)) change(value);
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
