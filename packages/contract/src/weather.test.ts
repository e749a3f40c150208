import { describe, expect, it } from 'vitest';
import {
  WEATHER_DEFAULT_THRESHOLDS,
  WEATHER_SPORT_THRESHOLDS,
  type WeatherHour,
  type WeatherThresholds,
  weatherBreaches,
  weatherChoices,
  weatherDefaults,
} from './weather.ts';

const limits: WeatherThresholds = {
  maxGustKmh: 50,
  maxRainProbability: 60,
  minTemperature: 0,
  maxTemperature: 30,
  thunderstorms: true,
};
const hour = (time: string, v: Partial<WeatherHour> = {}): WeatherHour => ({
  time: `2026-12-01T${time}:00:00.000Z`,
  temperature: 15,
  precipitationProbability: 10,
  gustKmh: 20,
  weatherCode: 1,
  ...v,
});

describe('weatherBreaches', () => {
  // [name, hours, thresholds, expected [kind, hour, value, limit][]]
  const table: [string, WeatherHour[], WeatherThresholds, [string, string, number, number | null][]][] = [
    ['calm hours break nothing', [hour('09'), hour('10')], limits, []],
    [
      'a value equal to its limit is not a breach',
      [hour('09', { gustKmh: 50, precipitationProbability: 60, temperature: 30 })],
      limits,
      [],
    ],
    ['the same at the low end', [hour('09', { temperature: 0 })], limits, []],
    ['gusts over the limit', [hour('09', { gustKmh: 51 })], limits, [['GUSTS', '09', 51, 50]]],
    [
      'the worst hour is named',
      [hour('09', { gustKmh: 60 }), hour('10', { gustKmh: 75 }), hour('11', { gustKmh: 70 })],
      limits,
      [['GUSTS', '10', 75, 50]],
    ],
    [
      'on a tie, the earliest',
      [hour('09', { gustKmh: 60 }), hour('10', { gustKmh: 60 })],
      limits,
      [['GUSTS', '09', 60, 50]],
    ],
    ['rain probability', [hour('12', { precipitationProbability: 80 })], limits, [['RAIN', '12', 80, 60]]],
    [
      'cold: the lowest',
      [hour('06', { temperature: -2 }), hour('07', { temperature: -4 })],
      limits,
      [['COLD', '07', -4, 0]],
    ],
    [
      'heat: the highest',
      [hour('14', { temperature: 33 }), hour('15', { temperature: 31 })],
      limits,
      [['HEAT', '14', 33, 30]],
    ],
    ['a thunderstorm code (95, 96, 99)', [hour('16', { weatherCode: 96 })], limits, [['THUNDERSTORM', '16', 96, null]]],
    ['rain showers (81) are no thunderstorm', [hour('16', { weatherCode: 81 })], limits, []],
    ['thunderstorms allowed', [hour('16', { weatherCode: 95 })], { ...limits, thunderstorms: false }, []],
    ['a null limit is not checked', [hour('09', { gustKmh: 120 })], { ...limits, maxGustKmh: null }, []],
    [
      'a missing value breaks nothing',
      [hour('09', { gustKmh: null, temperature: null, precipitationProbability: null, weatherCode: null })],
      limits,
      [],
    ],
    [
      'several kinds, in the fixed order',
      [hour('09', { weatherCode: 99, temperature: -1 }), hour('10', { precipitationProbability: 95, gustKmh: 90 })],
      limits,
      [
        ['GUSTS', '10', 90, 50],
        ['RAIN', '10', 95, 60],
        ['COLD', '09', -1, 0],
        ['THUNDERSTORM', '09', 99, null],
      ],
    ],
  ];
  it.each(table)('%s', (_name, hours, thresholds, expected) => {
    expect(weatherBreaches(hours, thresholds)).toEqual(
      expected.map(([kind, h, value, limit]) => ({ kind, time: `2026-12-01T${h}:00:00.000Z`, value, limit })),
    );
  });
});

describe('weather defaults per sport', () => {
  it('every sport has coherent limits, and an unknown sport the general ones', () => {
    for (const [sport, t] of Object.entries(WEATHER_SPORT_THRESHOLDS)) {
      expect(t.minTemperature!, sport).toBeLessThan(t.maxTemperature!);
      expect(t.maxRainProbability!, sport).toBeLessThanOrEqual(100);
      expect(t.thunderstorms, sport).toBe(true);
    }
    expect(weatherDefaults('kayaking').maxGustKmh).toBeLessThan(weatherDefaults('running').maxGustKmh!);
    expect(weatherDefaults('a-new-sport')).toEqual(WEATHER_DEFAULT_THRESHOLDS);
  });
});

describe('weatherChoices', () => {
  it('offers switching to the backup route only where there is one, in the order shown', () => {
    expect(weatherChoices(false)).toEqual(['KEEP', 'MOVE', 'CANCEL']);
    expect(weatherChoices(true)).toEqual(['KEEP', 'MOVE', 'SWITCH_BACKUP', 'CANCEL']);
  });
});
