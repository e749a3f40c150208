import { describe, expect, it } from 'vitest';
import { toIntensity } from '../../screens/CreateProfile/intensity.ts';
import { aSport } from '../../testing/fixtures.ts';
import { fullName, intensityValue, sportName, typedValue } from './format.ts';

describe('intensity formatting', () => {
  it('shows each kind in the units people use', () => {
    expect(intensityValue({ kind: 'DISTANCE', value: 21_097 })).toBe('21.1');
    expect(intensityValue({ kind: 'ELEVATION', value: 1200 })).toBe('1200');
    expect(intensityValue({ kind: 'TIME', value: 90 })).toBe('1 h 30 min');
    expect(intensityValue({ kind: 'TIME', value: 45 })).toBe('45 min');
    expect(intensityValue({ kind: 'PACE', value: 330 })).toBe('5:30');
  });

  it('gives back what parses to the same intensity', () => {
    for (const intensity of [
      { kind: 'DISTANCE' as const, value: 12_500 },
      { kind: 'PACE' as const, value: 305 },
      { kind: 'TIME' as const, value: 75 },
    ]) {
      expect(toIntensity(intensity.kind, typedValue(intensity))).toEqual(intensity);
    }
  });

  it('names a person by first and last name, else by username', () => {
    expect(fullName({ firstName: 'Anna', lastName: 'Riva', username: 'ariva' })).toBe('Anna Riva');
    expect(fullName({ firstName: null, lastName: null, username: 'ariva' })).toBe('ariva');
  });
});

describe('sport names', () => {
  it("names a sport in the reader's language, English in any other, its fallback while unknown", () => {
    const sport = aSport();
    expect(sportName(sport, 'en', 'running')).toBe('Running');
    expect(sportName(sport, 'it', 'running')).toBe('Corsa');
    expect(sportName(sport, 'de', 'running')).toBe('Laufen');
    expect(sportName(sport, 'fr-CH', 'running')).toBe('Course à pied');
    expect(sportName(sport, 'es', 'running')).toBe('Carrera a pie');
    expect(sportName(sport, 'pt', 'running')).toBe('Running');
    expect(sportName(undefined, 'de', 'running')).toBe('running');
  });
});
