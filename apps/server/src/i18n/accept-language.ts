import { FALLBACK_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@cordata/contract';

/**
 * The language a visitor's browser asks for: the first of its Accept-Language header ("de-CH,de;q=0.9,en;q=0.8",
 * by q-value) that the server speaks, else English.
 */
export function acceptedLanguage(header: string | undefined): Language {
  const ranges = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().split('-')[0]?.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((range) => range.q > 0);
  // A stable sort: ranges of equal weight keep the browser's order.
  ranges.sort((a, b) => b.q - a.q);
  for (const { primary } of ranges) {
    const language = SUPPORTED_LANGUAGES.find((l) => l === primary);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
