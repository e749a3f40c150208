import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../contract.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it as itResources } from './it.ts';
import { textLeaves } from './text-leaves.ts';

/** Files named after their language (admin/locales/it.json): by language. */
const byLanguage = (files: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(files).map(([path, texts]) => [/([^/]+)\.json$/.exec(path)?.[1], texts]));

/**
 * The types already reject a missing English key, but not a language with one text less, a legal section with one
 * paragraph less, a translated text left empty, or a placeholder renamed in translation ({{count}} → {{numero}}),
 * which i18next would print as it is.
 */
const dictionaries = {
  app: { en, it: itResources, de, fr, es },
  admin: byLanguage(import.meta.glob('../admin/locales/*.json', { eager: true, import: 'default' })),
  legal: byLanguage(import.meta.glob('../legal/locales/*.json', { eager: true, import: 'default' })),
} as const;

/** i18next's {{name}} and the legal pages' {name}. */
const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...text.matchAll(/\{\{?\s*(\w+)[^}]*\}?\}/g)].map((m) => m[1] ?? '').sort() : [];

describe.each(Object.entries(dictionaries))('the %s texts', (_name, languages) => {
  const source = new Map(textLeaves(languages.en));
  const translations = Object.entries(languages).filter(([language]) => language !== 'en');

  it('are there in every language of the app', () => {
    expect(Object.keys(languages).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(translations)('in %s have exactly the English paths', (_language, dictionary) => {
    expect(
      textLeaves(dictionary)
        .map(([path]) => path)
        .sort(),
    ).toEqual([...source.keys()].sort());
  });

  it.each(translations)('in %s are all non-empty strings with the English placeholders', (_language, dictionary) => {
    for (const [path, text] of textLeaves(dictionary)) {
      expect(typeof text, path).toBe(typeof source.get(path));
      if (typeof text === 'string' && source.get(path) !== '') expect(text.trim(), path).not.toBe('');
      expect(placeholders(text), path).toEqual(placeholders(source.get(path)));
    }
  });
});
