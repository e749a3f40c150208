import { FALLBACK_LANGUAGE, INTL_LOCALES, type Language } from '@cordata/contract';

type Texts = { readonly [key: string]: string | Texts };
type Vars = Readonly<Record<string, string | number>>;

/**
 * One namespace of the server's texts (e-mails, pushes, shared pages) in every language: `locales/<language>/
 * <namespace>.json`, i18next's JSON format, which Weblate and Crowdin read (docs/translations.md). Keys are the
 * English file's. `text(language, 'a.b', { count, name })` takes `a.b_one` or `a.b_other` by the language's plural
 * rules when `count` is given, fills `{{name}}`, and falls back to English for a text a language lacks.
 */
export function catalog(languages: Readonly<Record<Language, Texts>>) {
  const lookup = (texts: Texts, key: string): string | undefined => {
    let node: string | Texts | undefined = texts;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const find = (language: Language, key: string, count: number | undefined) => {
    const plural =
      count === undefined ? undefined : `${key}_${new Intl.PluralRules(INTL_LOCALES[language]).select(count)}`;
    for (const texts of [languages[language], languages[FALLBACK_LANGUAGE]]) {
      const found = (plural && (lookup(texts, plural) ?? lookup(texts, `${key}_other`))) || lookup(texts, key);
      if (found !== undefined) return found;
    }
    throw new Error(`No text "${key}"`);
  };
  return (language: Language, key: string, vars: Vars = {}): string => {
    const count = typeof vars.count === 'number' ? vars.count : undefined;
    return find(language, key, count).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}
