import type { Intensity, IntensityKind } from '@cordata/contract';

/**
 * What a person types for an intensity, and the API's units: DISTANCE km → metres,
 * ELEVATION metres, TIME minutes, PACE "m:ss" per km → seconds per km.
 */
export function toIntensity(kind: IntensityKind, typed: string): Intensity | null {
  const text = typed.trim().replace(',', '.');
  if (kind === 'PACE') {
    const match = /^(\d{1,2}):([0-5]\d)$/.exec(text);
    if (!match) return null;
    const seconds = Number(match[1]) * 60 + Number(match[2]);
    return seconds > 0 ? { kind, value: seconds } : null;
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const number = Number(text);
  if (!(number > 0)) return null;
  const value = kind === 'DISTANCE' ? Math.round(number * 1000) : number;
  return value <= 1_000_000 ? { kind, value } : null;
}

/** An intensity as a person would type it back (toIntensity's inverse): km, metres, minutes, "m:ss". */
export function typedIntensity({ kind, value }: Intensity): string {
  if (kind === 'PACE') return `${Math.floor(value / 60)}:${String(Math.round(value % 60)).padStart(2, '0')}`;
  return String(kind === 'DISTANCE' ? value / 1000 : Math.round(value));
}

/** A common outing per kind, as typed: where nobody has typed yet, the profile wizard starts from it. */
const USUAL_BY_KIND: Record<IntensityKind, string> = { DISTANCE: '10', ELEVATION: '500', TIME: '60', PACE: '6:00' };

/** A common outing where one distance does not fit every sport (km). */
const USUAL_DISTANCE: Record<string, string> = {
  running: '8',
  'trail-running': '12',
  'road-cycling': '50',
  'mountain-biking': '25',
  gravel: '40',
  'cross-country-skiing': '15',
  'nordic-walking': '6',
  'open-water-swimming': '1.5',
  'stand-up-paddle': '5',
  orienteering: '6',
};

/** What the wizard shows for a sport and kind until the person types their own. */
export const usualIntensity = (sportId: string, kind: IntensityKind) =>
  (kind === 'DISTANCE' ? USUAL_DISTANCE[sportId] : undefined) ?? USUAL_BY_KIND[kind];
