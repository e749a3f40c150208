import { describe, expect, it } from 'vitest';
import { acceptedLanguage } from './accept-language.ts';

describe('the language a browser asks for', () => {
  it('is the first language of Accept-Language the server speaks, by weight, else English', () => {
    expect(acceptedLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(acceptedLanguage('pt-BR, fr;q=0.5, es;q=0.7')).toBe('es');
    expect(acceptedLanguage('IT')).toBe('it');
    expect(acceptedLanguage('en;q=0, fr')).toBe('fr');
    expect(acceptedLanguage('ja,zh')).toBe('en');
    expect(acceptedLanguage('')).toBe('en');
    expect(acceptedLanguage(undefined)).toBe('en');
  });
});
