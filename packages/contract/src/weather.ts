import { WEATHER_BREACH_KINDS, WEATHER_CHOICES, type WeatherBreachKind, type WeatherChoice } from './enums.ts';

// Warning, load-bearing: no zod here, so that the app can import these rules without the schemas.

/** Forecasts are shown, and alerts sent, once the start is this close (the forecast's own horizon). */
export const WEATHER_HORIZON_DAYS = 16;
/** The standard atmosphere's lapse rate: °C lost per metre climbed, for the temperature at the highest point. */
export const WEATHER_LAPSE_RATE_PER_METRE = 0.0065;
/** WMO weather codes of a thunderstorm (95: slight or moderate; 96, 99: with hail). */
export const THUNDERSTORM_CODES: readonly number[] = [95, 96, 99];

/**
 * An organiser's limits for one activity. A null limit is not checked; `thunderstorms: true` means a
 * thunderstorm anywhere on the plan is a breach.
 */
export interface WeatherThresholds {
  /** Highest acceptable wind gust, km/h. */
  maxGustKmh: number | null;
  /** Highest acceptable probability of precipitation, %. */
  maxRainProbability: number | null;
  /** Lowest acceptable air temperature, °C. */
  minTemperature: number | null;
  /** Highest acceptable air temperature, °C. */
  maxTemperature: number | null;
  thunderstorms: boolean;
}

const t = (
  maxGustKmh: number,
  maxRainProbability: number,
  minTemperature: number,
  maxTemperature: number,
): WeatherThresholds => ({ maxGustKmh, maxRainProbability, minTemperature, maxTemperature, thunderstorms: true });

/** For a sport with no row below (one an administrator added). */
export const WEATHER_DEFAULT_THRESHOLDS: WeatherThresholds = t(60, 70, -10, 35);

/**
 * The defaults per sport (docs/weather.md says why): exposed ridges and water are the windiest limits,
 * bikes the coldest, mountains the least tolerant of rain (wet rock, poor visibility).
 */
export const WEATHER_SPORT_THRESHOLDS: Readonly<Record<string, WeatherThresholds>> = {
  running: t(70, 80, -10, 30),
  'trail-running': t(60, 70, -10, 30),
  hiking: t(60, 60, -15, 33),
  mountaineering: t(50, 40, -25, 30),
  'road-cycling': t(50, 60, 0, 35),
  'mountain-biking': t(50, 60, -5, 35),
  gravel: t(50, 60, -5, 35),
  climbing: t(50, 40, -5, 32),
  'via-ferrata': t(50, 40, -5, 32),
  'ski-mountaineering': t(50, 60, -25, 15),
  'cross-country-skiing': t(50, 80, -20, 15),
  snowshoeing: t(50, 70, -20, 15),
  'nordic-walking': t(60, 80, -10, 32),
  'open-water-swimming': t(35, 80, 10, 35),
  kayaking: t(35, 80, 5, 35),
  'stand-up-paddle': t(25, 80, 10, 35),
  triathlon: t(45, 80, 5, 32),
  orienteering: t(60, 80, -10, 32),
};

export const weatherDefaults = (sportId: string): WeatherThresholds =>
  WEATHER_SPORT_THRESHOLDS[sportId] ?? WEATHER_DEFAULT_THRESHOLDS;

/** One hour of a forecast at one place; a value the source did not give is null. */
export interface WeatherHour {
  /** ISO 8601 UTC, on the hour. */
  time: string;
  temperature: number | null;
  precipitationProbability: number | null;
  gustKmh: number | null;
  weatherCode: number | null;
}

export interface WeatherBreach {
  kind: WeatherBreachKind;
  /** The hour of the worst value. */
  time: string;
  /** The worst value (km/h, %, °C; the WMO code for a thunderstorm). */
  value: number;
  /** The limit it breaks (null for a thunderstorm). */
  limit: number | null;
}

/**
 * The thresholds an organiser's plan breaks: at most one breach per kind, the worst hour of it (the earliest
 * on a tie), in the order of WEATHER_BREACH_KINDS. Hours are whatever the plan covers (the meeting point
 * over the activity, each checkpoint at the group's time there); a missing value breaks nothing.
 */
export function weatherBreaches(hours: readonly WeatherHour[], limits: WeatherThresholds): WeatherBreach[] {
  const worst = new Map<WeatherBreachKind, WeatherBreach>();
  const consider = (kind: WeatherBreachKind, time: string, value: number, limit: number | null, worse: boolean) => {
    const seen = worst.get(kind);
    if (!seen || worse) worst.set(kind, { kind, time, value, limit });
  };
  for (const h of hours) {
    const { gustKmh, precipitationProbability: rain, temperature, weatherCode } = h;
    if (limits.maxGustKmh !== null && gustKmh !== null && gustKmh > limits.maxGustKmh)
      consider('GUSTS', h.time, gustKmh, limits.maxGustKmh, gustKmh > (worst.get('GUSTS')?.value ?? -Infinity));
    if (limits.maxRainProbability !== null && rain !== null && rain > limits.maxRainProbability)
      consider('RAIN', h.time, rain, limits.maxRainProbability, rain > (worst.get('RAIN')?.value ?? -Infinity));
    if (limits.minTemperature !== null && temperature !== null && temperature < limits.minTemperature)
      consider(
        'COLD',
        h.time,
        temperature,
        limits.minTemperature,
        temperature < (worst.get('COLD')?.value ?? Infinity),
      );
    if (limits.maxTemperature !== null && temperature !== null && temperature > limits.maxTemperature)
      consider(
        'HEAT',
        h.time,
        temperature,
        limits.maxTemperature,
        temperature > (worst.get('HEAT')?.value ?? -Infinity),
      );
    if (limits.thunderstorms && weatherCode !== null && THUNDERSTORM_CODES.includes(weatherCode))
      consider('THUNDERSTORM', h.time, weatherCode, null, weatherCode > (worst.get('THUNDERSTORM')?.value ?? -1));
  }
  return WEATHER_BREACH_KINDS.flatMap((kind) => {
    const b = worst.get(kind);
    return b ? [b] : [];
  });
}

/**
 * The answers offered to a weather alert, in the order shown (the page's buttons, the push's actions): switching
 * to the backup route only where the activity has one.
 */
export const weatherChoices = (hasBackupRoute: boolean): WeatherChoice[] =>
  WEATHER_CHOICES.filter((c) => c !== 'SWITCH_BACKUP' || hasBackupRoute);
