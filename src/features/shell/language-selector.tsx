import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { activateLanguage, isLanguage } from '@/lib/i18n';

/** Each language is named in its own language, so a reader always finds theirs. */
const languageNames = [
  { value: 'en-US', name: 'English (US)' },
  { value: 'es-ES', name: 'Español (España)' },
] as const;

/** The header's language selector: switches every visible string and remembers the choice. */
export function LanguageSelector() {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <span className="language-selector">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) void activateLanguage(value);
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
