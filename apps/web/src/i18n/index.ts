import type { Language } from '@cordata/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../contract.ts';
import { storageKey } from '../state/storage.ts';
import { en } from './en.ts';
import { it } from './it.ts';

const LANGUAGE_KEY = storageKey('language');

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The stored choice, else the device language at first run, else English. */
export function initialLanguage(stored: string | null, deviceLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of deviceLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export const startLanguage = initialLanguage(
  readStored(),
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, it: { translation: it } },
  lng: startLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  returnObjects: true,
  initAsync: false,
});

// The first run fixes the device language so later launches do not drift with the OS setting.
try {
  localStorage.setItem(LANGUAGE_KEY, startLanguage);
} catch {}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {}
});
if (typeof document !== 'undefined') document.documentElement.lang = startLanguage;

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE);
export default i18n;
