import { describe, expect, it } from 'vitest';
import { INTENSITY_KINDS } from '../../contract.ts';
import { toIntensity, usualIntensity } from './intensity.ts';

describe('toIntensity', () => {
  it('converts what a person types into the API units', () => {
    expect(toIntensity('DISTANCE', '12,5')).toEqual({ kind: 'DISTANCE', value: 12_500 });
    expect(toIntensity('ELEVATION', '800')).toEqual({ kind: 'ELEVATION', value: 800 });
    expect(toIntensity('TIME', '90')).toEqual({ kind: 'TIME', value: 90 });
    expect(toIntensity('PACE', '5:30')).toEqual({ kind: 'PACE', value: 330 });
  });

  it('refuses empty, zero, negative and malformed values', () => {
    for (const [kind, typed] of [
      ['DISTANCE', ''],
      ['DISTANCE', '0'],
      ['TIME', '-5'],
      ['ELEVATION', 'abc'],
      ['PACE', '5'],
      ['PACE', '5:75'],
      ['PACE', '0:00'],
      ['DISTANCE', '5000'],
    ] as const) {
      expect(toIntensity(kind, typed)).toBeNull();
    }
  });
});

describe('usualIntensity', () => {
  it('is a valid value of every kind, with a distance that suits the sport', () => {
    for (const kind of INTENSITY_KINDS) expect(toIntensity(kind, usualIntensity('hiking', kind))).not.toBeNull();
    expect(usualIntensity('road-cycling', 'DISTANCE')).toBe('50');
    expect(usualIntensity('hiking', 'DISTANCE')).toBe('10');
    expect(usualIntensity('road-cycling', 'TIME')).toBe('60');
  });
});
