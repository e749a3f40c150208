import type { Language } from '@cordata/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../contract.ts';
import { isLanguage, switchLanguage } from '../i18n/index.ts';
import './LanguageSelect.css';

/** Each language by its own name ("Deutsch", "Français"), as a reader looking for theirs expects. */
const endonym = (language: Language) => {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
};

export function LanguageSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="language-select">
      <label htmlFor={id} className={showLabel ? undefined : 'visually-hidden'}>
        {t('sheets.settings.language')}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={i18n.language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void switchLanguage(e.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {endonym(lng)}
          </option>
        ))}
      </select>
    </span>
  );
}
