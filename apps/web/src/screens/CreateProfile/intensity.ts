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
