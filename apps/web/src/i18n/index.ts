import type { Language } from '@cordata/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../contract.ts';
import { storageKey } from '../state/storage.ts';
import type { Resources } from './en.ts';

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

/**
 * Each language is a chunk of its own, and only the reader's is fetched at start (main.tsx waits for it before the
 * first render, so an Italian device starts in Italian, never in English first): bundled together they were 37 KB of
 * the entry (bench/slow-network.ts). The other one comes when it is chosen in Settings (`switchLanguage`).
 */
const loaders: Record<Language, () => Promise<Resources>> = {
  en: () => import('./en.ts').then((m) => m.en),
  it: () => import('./it.ts').then((m) => m.it),
  de: () => import('./de.ts').then((m) => m.de),
  fr: () => import('./fr.ts').then((m) => m.fr),
  es: () => import('./es.ts').then((m) => m.es),
};

const loading = new Map<Language, Promise<void>>();
/** Fetches a language's texts once and adds them; answers at once when they are there already. */
export function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]()
      .then((resources) => {
        i18n.addResourceBundle(language, 'translation', resources, true, true);
      })
      // Only downloads under way are kept: once done the bundle answers, and a failed one (offline) may be tried again.
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Changes the language once its texts are there, so the screen never shows keys or the other language meanwhile. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: {},
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
  // Whoever changed the language without `switchLanguage`: fetch its texts, then draw again with them.
  if (isLanguage(lng) && !i18n.hasResourceBundle(lng, 'translation'))
    void loadLanguage(lng)
      .then(() => {
        if (i18n.language === lng && i18n.hasResourceBundle(lng, 'translation')) void i18n.changeLanguage(lng);
      })
      .catch(() => {});
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {}
});
if (typeof document !== 'undefined') document.documentElement.lang = startLanguage;

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE);
export default i18n;
