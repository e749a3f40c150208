import { send, sendJson, startStandInServer } from './stand-in-server.ts';

/**
 * A stand-in for Open-Meteo's forecast API on 127.0.0.1 (GET /v1/forecast), answering in its documented format:
 * `{latitude, longitude, elevation, utc_offset_seconds, timezone, hourly_units, hourly: {time: ["YYYY-MM-DDTHH:mm"…],
 * temperature_2m: […], precipitation_probability: […], wind_gusts_10m: […], weather_code: […]}}`, from 00:00 UTC of
 * `now()`'s day for `forecast_days` days. Errors as Open-Meteo gives them: `{error: true, reason}` with 400 (and
 * 429 or 500 when asked). `weather` decides each hour's values, so a test or a journey can make a storm.
 */
export type WeatherStandInBehaviour =
  | 'ok'
  | 'slow'
  | 'http-error'
  | 'bad-request'
  | 'rate-limited'
  | 'malformed'
  | 'uneven'
  | 'not-json'
  | 'local-times';

export interface HourValues {
  temperature: number | null;
  precipitationProbability: number | null;
  gustKmh: number | null;
  weatherCode: number | null;
}

export const CALM: HourValues = { temperature: 15, precipitationProbability: 10, gustKmh: 20, weatherCode: 1 };
export const STORM: HourValues = { temperature: 12, precipitationProbability: 90, gustKmh: 85, weatherCode: 95 };

export interface WeatherStandIn {
  url: string;
  behaviour: WeatherStandInBehaviour;
  /** Each hour's values at a point (the cell centre asked); calm by default. */
  weather: (point: { latitude: number; longitude: number }, time: Date) => HourValues;
  /** The height of the grid point answered. */
  elevation: number;
  /** Every request seen: the path with its query. */
  seen: URL[];
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const openMeteoTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:00`;

export async function startWeatherStandIn(options: { now?: () => Date } = {}): Promise<WeatherStandIn> {
  const now = options.now ?? (() => new Date());
  const state: WeatherStandIn = {
    url: '',
    behaviour: 'ok',
    weather: () => CALM,
    elevation: 300,
    seen: [],
    close: async () => {},
  };
  const stand = await startStandInServer(({ url }, res) => {
    state.seen.push(url);
    const json = (status: number, value: unknown) => sendJson(res, status, value);
    if (url.pathname !== '/v1/forecast') return json(404, { error: true, reason: 'Not Found' });
    const latitude = Number(url.searchParams.get('latitude'));
    const longitude = Number(url.searchParams.get('longitude'));
    const days = Number(url.searchParams.get('forecast_days') ?? 7);
    const hourly = (url.searchParams.get('hourly') ?? '').split(',');
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90 || !Number.isFinite(longitude))
      return json(400, { error: true, reason: 'Latitude must be in range of -90 to 90°.' });
    if (!(days >= 0 && days <= 16)) return json(400, { error: true, reason: 'Forecast days is invalid.' });
    switch (state.behaviour) {
      case 'slow':
        return; // never answers: the caller's deadline must
      case 'http-error':
        return json(500, { error: true, reason: 'Internal server error' });
      case 'bad-request':
        return json(400, { error: true, reason: "Cannot initialize WeatherVariable from invalid String value 'x'." });
      case 'rate-limited':
        return json(429, { error: true, reason: 'Daily API request limit exceeded. Please try again tomorrow.' });
      case 'not-json':
        return send(res, 200, 'text/html', '<html>Bad gateway</html>');
      default:
    }
    const first = new Date(now());
    first.setUTCHours(0, 0, 0, 0);
    const times = Array.from({ length: days * 24 }, (_, i) => new Date(first.getTime() + i * 3_600_000));
    const values = times.map((t) => state.weather({ latitude, longitude }, t));
    const series: Record<string, unknown[]> = {
      time: times.map(openMeteoTime),
      temperature_2m: values.map((v) => v.temperature),
      precipitation_probability: values.map((v) => v.precipitationProbability),
      wind_gusts_10m: values.map((v) => v.gustKmh),
      weather_code: values.map((v) => v.weatherCode),
    };
    for (const name of Object.keys(series)) if (name !== 'time' && !hourly.includes(name)) delete series[name];
    if (state.behaviour === 'malformed') series.temperature_2m = values.map(() => 'warm');
    if (state.behaviour === 'uneven') series.wind_gusts_10m = (series.wind_gusts_10m ?? []).slice(1);
    const local = state.behaviour === 'local-times';
    return json(200, {
      latitude: Math.round(latitude * 100) / 100,
      longitude: Math.round(longitude * 100) / 100,
      generationtime_ms: 0.5,
      utc_offset_seconds: local ? 3600 : 0,
      timezone: local ? 'Europe/Rome' : 'UTC',
      timezone_abbreviation: local ? 'CET' : 'UTC',
      elevation: state.elevation,
      hourly_units: {
        time: 'iso8601',
        temperature_2m: '°C',
        precipitation_probability: '%',
        wind_gusts_10m: 'km/h',
        weather_code: 'wmo code',
      },
      hourly: series,
    });
  });
  state.url = stand.origin;
  state.close = stand.close;
  return state;
}
