import { describe, expect, it } from 'vitest';
import { weatherSky } from './weather-format.ts';

describe('weatherSky', () => {
  it.each([
    [null, 'UNKNOWN'],
    [0, 'CLEAR'],
    [1, 'CLEAR'],
    [2, 'CLOUDY'],
    [3, 'CLOUDY'],
    [45, 'FOG'],
    [48, 'FOG'],
    [53, 'DRIZZLE'],
    [63, 'RAIN'],
    [81, 'RAIN'],
    [73, 'SNOW'],
    [86, 'SNOW'],
    [95, 'THUNDER'],
    [99, 'THUNDER'],
    [42, 'UNKNOWN'],
  ] as const)('code %s is %s', (code, sky) => {
    expect(weatherSky(code)).toBe(sky);
  });
});
