import { describe, expect, it } from 'vitest';
import { en as adminEn } from '../admin/i18n/en.ts';
import { it as adminIt } from '../admin/i18n/it.ts';
import { legalEn } from '../legal/en.ts';
import { legalIt } from '../legal/it.ts';
import { en } from './en.ts';
import { it as itResources } from './it.ts';
import { textLeaves } from './text-leaves.ts';

/**
 * The types already reject a missing key, but not a legal section with one paragraph less, a translated text left
 * empty, or a placeholder renamed in translation ({{count}} → {{numero}}), which i18next would print as it is.
 */
const dictionaries = {
  app: { en, it: itResources },
  admin: { en: adminEn, it: adminIt },
  legal: { en: legalEn, it: legalIt },
} as const;

/** i18next's {{name}} and the legal pages' {name}. */
const placeholders = (text: unknown): string[] =>
  typeof text === 'string' ? [...text.matchAll(/\{\{?\s*(\w+)[^}]*\}?\}/g)].map((m) => m[1] ?? '').sort() : [];

describe.each(Object.entries(dictionaries))('the %s texts', (_name, languages) => {
  const source = new Map(textLeaves(languages.en));
  const translations = Object.entries(languages).filter(([language]) => language !== 'en');

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
