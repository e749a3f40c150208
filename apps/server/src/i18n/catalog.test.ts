import { describe, expect, it } from 'vitest';
import { catalog } from './catalog.ts';

const text = catalog({
  en: { greeting: 'Hello {{name}}', seats: { left_one: '{{count}} seat left', left_other: '{{count}} seats left' } },
  it: {
    greeting: 'Ciao {{name}}',
    seats: { left_one: '{{count}} posto libero', left_other: '{{count}} posti liberi' },
  },
  de: { greeting: 'Hallo {{name}}', seats: {} },
  fr: {
    greeting: 'Salut {{name}}',
    seats: { left_one: '{{count}} place libre', left_other: '{{count}} places libres' },
  },
  es: {
    greeting: 'Hola {{name}}',
    seats: { left_one: 'Queda {{count}} plaza', left_other: 'Quedan {{count}} plazas' },
  },
});

describe('the server texts catalog', () => {
  it('fills the placeholders in the reader’s language', () => {
    expect(text('it', 'greeting', { name: 'Ada' })).toBe('Ciao Ada');
    expect(text('es', 'greeting', { name: 'Ada' })).toBe('Hola Ada');
  });

  it('picks the plural form by the language’s rules (French counts 0 as one)', () => {
    expect(text('en', 'seats.left', { count: 1 })).toBe('1 seat left');
    expect(text('en', 'seats.left', { count: 0 })).toBe('0 seats left');
    expect(text('fr', 'seats.left', { count: 0 })).toBe('0 place libre');
    expect(text('es', 'seats.left', { count: 3 })).toBe('Quedan 3 plazas');
  });

  it('falls back to English for a text a language lacks, and refuses a key English lacks', () => {
    expect(text('de', 'seats.left', { count: 2 })).toBe('2 seats left');
    expect(() => text('en', 'nowhere')).toThrow('No text "nowhere"');
  });
});
