const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * The form names are compared in: no accents, lower case, words separated by single spaces
 * ("Forlì" → "forli", "Reggio nell'Emilia" → "reggio nell emilia", "Köln" → "koln").
 */
export function normalizeName(text: string): string {
  if (PLAIN_ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz ';

/**
 * Every string one typo away from `text`: one letter replaced, inserted, dropped, or two
 * neighbours swapped. Used as prefixes, so an insertion at the very end would add nothing.
 */
export function oneEditAway(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const head = text.slice(0, i);
    const tail = text.slice(i + 1);
    out.add(head + tail);
    if (i + 1 < text.length) out.add(head + text[i + 1] + text[i] + text.slice(i + 2));
    for (const c of ALPHABET) {
      out.add(head + c + tail);
      out.add(head + c + text.slice(i));
    }
  }
  out.delete(text);
  return out;
}
