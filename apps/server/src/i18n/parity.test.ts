import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@cordata/contract';
import { describe, expect, it } from 'vitest';

/** Every server text in every language, with the English keys and placeholders (docs/translations.md). */
const localesDir = join(import.meta.dirname, 'locales');
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as unknown;

function leaves(node: unknown, path = '', out = new Map<string, unknown>()) {
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) leaves(value, path ? `${path}.${key}` : key, out);
  } else out.set(path, node);
  return out;
}
const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort() : [];

const namespaces = readdirSync(join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

describe.each(namespaces)('the server texts of %s', (file) => {
  const source = leaves(read('en', file));
  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('in %s', (language) => {
    const translated = leaves(read(language, file));
    expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [path, text] of translated) {
      expect(typeof text, path).toBe('string');
      expect((text as string).trim(), path).not.toBe('');
      expect(placeholders(text), path).toEqual(placeholders(source.get(path)));
    }
  });
});
