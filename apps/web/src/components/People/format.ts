import type { Intensity, Language, Sport } from '@cordata/contract';
import { LANGUAGES } from '../../contract.ts';

/** An intensity in the units people use: km, metres, hours and minutes, m:ss per km. */
export function intensityValue({ kind, value }: Intensity): string {
  if (kind === 'DISTANCE') return String(Math.round(value / 100) / 10);
  if (kind === 'TIME') {
    const hours = Math.floor(value / 60);
    const minutes = Math.round(value % 60);
    return hours ? `${hours} h${minutes ? ` ${minutes} min` : ''}` : `${minutes} min`;
  }
  if (kind === 'PACE') return `${Math.floor(value / 60)}:${String(Math.round(value % 60)).padStart(2, '0')}`;
  return String(Math.round(value));
}

/** What a person typed back into the API's units (the inverse of intensityValue's DISTANCE and PACE). */
export function typedValue({ kind, value }: Intensity): string {
  if (kind === 'DISTANCE') return String(value / 1000);
  if (kind === 'PACE') return intensityValue({ kind, value });
  return String(value);
}

/**
 * A sport's name in the reader's language (i18n.language, a tag such as `de` or `de-CH`); English for a language
 * the app does not have. `fallback` while the sport is unknown (the list still loading).
 */
export function sportName(sport: Sport | undefined, language: string, fallback: string): string {
  if (!sport) return fallback;
  const base = language.toLowerCase().split('-')[0] ?? '';
  const shown: Language = (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
  // `?? en`: an answer of a server older than German, French and Spanish has no such names.
  return sport.names[shown] ?? sport.names.en;
}

export const fullName = (p: { firstName: string | null; lastName: string | null; username: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || '';

/** The first letters of a name's first two words, "AR" for "Anna Rossi": the disc shown without a picture. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
