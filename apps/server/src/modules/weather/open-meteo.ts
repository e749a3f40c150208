import { WEATHER_HORIZON_DAYS, type WeatherHour } from '@cordata/contract';
import { askOutsideJson, OutsideFailure } from '../shared/outside-http.ts';

/** Why a forecast could not be had; the page says "unavailable" for all of them, the log says which. */
export type WeatherFailureReason =
  | 'TIMEOUT'
  | 'UNREACHABLE'
  | 'RATE_LIMITED'
  | 'REFUSED'
  | 'SOURCE_ERROR'
  | 'MALFORMED';

export class WeatherFailure extends Error {
  constructor(
    readonly reason: WeatherFailureReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'WeatherFailure';
  }
}

export interface Forecast {
  /** The height of the source's grid point (metres), when it says. */
  elevation: number | null;
  /** Hour by hour, UTC, soonest first. */
  hours: WeatherHour[];
}

/** A forecast source: the hourly series of the next 16 days at one point, or a WeatherFailure. */
export interface WeatherSource {
  attribution: string;
  forecast(point: { latitude: number; longitude: number }): Promise<Forecast>;
}

export interface OpenMeteoConfig {
  /** WEATHER_URL: the base URL (a path prefix is kept); `v1/forecast` is asked below it. */
  baseUrl: string;
  /** WEATHER_API_KEY: sent as `apikey` (Open-Meteo's commercial API). */
  apiKey?: string;
  timeoutMs: number;
  attribution: string;
}

/** The variables asked, in Open-Meteo's names (docs: open-meteo.com/en/docs). */
export const OPEN_METEO_HOURLY = ['temperature_2m', 'precipitation_probability', 'wind_gusts_10m', 'weather_code'];
/** A forecast of 16 days is about 40 KB; anything far larger is not a forecast. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The URL of one forecast request. */
export function openMeteoUrl(
  config: Pick<OpenMeteoConfig, 'baseUrl' | 'apiKey'>,
  point: { latitude: number; longitude: number },
) {
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const url = new URL('v1/forecast', base);
  url.searchParams.set('latitude', point.latitude.toFixed(4));
  url.searchParams.set('longitude', point.longitude.toFixed(4));
  url.searchParams.set('hourly', OPEN_METEO_HOURLY.join(','));
  url.searchParams.set('timezone', 'UTC');
  url.searchParams.set('forecast_days', String(WEATHER_HORIZON_DAYS));
  url.searchParams.set('wind_speed_unit', 'kmh');
  url.searchParams.set('temperature_unit', 'celsius');
  if (config.apiKey) url.searchParams.set('apikey', config.apiKey);
  return url;
}

/**
 * Open-Meteo's forecast API, whether Open-Meteo's own servers (the free API is for non-commercial use only;
 * a commercial app needs its paid API and WEATHER_API_KEY) or a self-hosted instance (open-meteo/open-meteo).
 * One GET per grid cell; the deadline covers the whole answer. Failures are classified: no answer in time
 * (TIMEOUT), no connection (UNREACHABLE), 429 (RATE_LIMITED), another 4xx (REFUSED: Open-Meteo's
 * `{error: true, reason}`), 5xx (SOURCE_ERROR), and an answer that is not the documented shape (MALFORMED).
 */
export function createOpenMeteo(config: OpenMeteoConfig): WeatherSource {
  async function forecast(point: { latitude: number; longitude: number }): Promise<Forecast> {
    let json: unknown;
    try {
      json = await askOutsideJson(
        openMeteoUrl(config, point),
        { headers: { accept: 'application/json', 'user-agent': 'Cordata weather' } },
        { signal: AbortSignal.timeout(config.timeoutMs), maxBytes: MAX_ANSWER_BYTES },
      );
    } catch (error) {
      throw error instanceof OutsideFailure ? weatherFailureOf(error) : error;
    }
    return parseOpenMeteo(json);
  }
  return { attribution: config.attribution, forecast };
}

function weatherFailureOf(failure: OutsideFailure): WeatherFailure {
  switch (failure.kind) {
    case 'TIMEOUT':
    case 'UNREACHABLE':
    case 'MALFORMED':
      return new WeatherFailure(failure.kind, failure.detail);
    case 'TOO_LARGE':
      return new WeatherFailure('MALFORMED', failure.detail);
    case 'HTTP': {
      const status = failure.answer?.status ?? 0;
      const reason = (failure.answer?.json as { reason?: unknown } | undefined)?.reason;
      const detail = `HTTP ${status}${typeof reason === 'string' ? `: ${reason.slice(0, 200)}` : ''}`;
      if (status === 429) return new WeatherFailure('RATE_LIMITED', detail);
      return new WeatherFailure(status >= 500 ? 'SOURCE_ERROR' : 'REFUSED', detail);
    }
  }
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : v === null ? null : undefined);

/**
 * Open-Meteo's answer: `{latitude, longitude, elevation, hourly_units, hourly: {time: [...], temperature_2m:
 * [...], ...}}`, the series of equal length, times as `YYYY-MM-DDTHH:mm` in the asked zone (UTC here). A value
 * a model lacks is null; anything else out of shape is MALFORMED.
 */
export function parseOpenMeteo(json: unknown): Forecast {
  const bad = (why: string) => new WeatherFailure('MALFORMED', why);
  if (!json || typeof json !== 'object') throw bad('not a JSON object');
  const answer = json as { hourly?: Record<string, unknown>; elevation?: unknown; utc_offset_seconds?: unknown };
  const hourly = answer.hourly;
  if (!hourly || typeof hourly !== 'object') throw bad('no hourly series');
  if (answer.utc_offset_seconds !== undefined && answer.utc_offset_seconds !== 0) throw bad('times are not UTC');
  const times = hourly.time;
  if (!Array.isArray(times) || times.length === 0) throw bad('no hourly times');
  const series = OPEN_METEO_HOURLY.map((name) => {
    const values = hourly[name];
    if (!Array.isArray(values) || values.length !== times.length) throw bad(`series ${name} missing or uneven`);
    return values.map((v) => {
      const n = numberOrNull(v);
      if (n === undefined) throw bad(`series ${name} holds a non-number`);
      return n;
    });
  }) as [(number | null)[], (number | null)[], (number | null)[], (number | null)[]];
  const hours: WeatherHour[] = times.map((t, i) => {
    if (typeof t !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t))
      throw bad('an hourly time is not ISO 8601');
    const at = new Date(`${t}:00Z`);
    if (Number.isNaN(at.getTime())) throw bad('an hourly time is not a date');
    const code = series[3][i]!;
    return {
      time: at.toISOString(),
      temperature: series[0][i]!,
      precipitationProbability: series[1][i]!,
      gustKmh: series[2][i]!,
      weatherCode: code === null ? null : Math.round(code),
    };
  });
  const elevation = numberOrNull(answer.elevation);
  return { elevation: elevation ?? null, hours };
}
