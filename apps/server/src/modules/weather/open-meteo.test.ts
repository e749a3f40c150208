import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORM, startWeatherStandIn, type WeatherStandIn } from '../../../test/stand-in-weather.ts';
import { createOpenMeteo, openMeteoUrl, WeatherFailure } from './open-meteo.ts';

let standIn: WeatherStandIn;
beforeAll(async () => {
  standIn = await startWeatherStandIn();
});
afterAll(() => standIn?.close());
afterEach(() => {
  standIn.behaviour = 'ok';
  standIn.seen.length = 0;
});

const source = (timeoutMs = 2000) =>
  createOpenMeteo({ baseUrl: standIn.url, timeoutMs, attribution: 'Weather data by Open-Meteo.com' });
const point = { latitude: 45.5, longitude: 9.2 };

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WeatherFailure);
  return (error as WeatherFailure).reason;
}

describe('the Open-Meteo adapter', () => {
  it('asks the documented request and reads the hourly series as UTC hours', async () => {
    standIn.weather = (_p, time) => (time.getUTCHours() === 15 ? STORM : { ...STORM, gustKmh: 10, weatherCode: 2 });
    const forecast = await source().forecast(point);
    const asked = standIn.seen[0]!;
    expect(asked.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      latitude: '45.5000',
      longitude: '9.2000',
      hourly: 'temperature_2m,precipitation_probability,wind_gusts_10m,weather_code',
      timezone: 'UTC',
      forecast_days: '16',
      wind_speed_unit: 'kmh',
    });
    expect(asked.searchParams.has('apikey')).toBe(false);
    expect(forecast.elevation).toBe(300);
    expect(forecast.hours).toHaveLength(16 * 24);
    const first = forecast.hours[0]!;
    expect(first.time).toMatch(/T00:00:00\.000Z$/);
    const at15 = forecast.hours[15]!;
    expect(at15).toEqual({
      time: first.time.replace('T00:', 'T15:'),
      temperature: 12,
      precipitationProbability: 90,
      gustKmh: 85,
      weatherCode: 95,
    });
    expect(forecast.hours[14]!.gustKmh).toBe(10);
    standIn.weather = () => ({ temperature: 15, precipitationProbability: 10, gustKmh: 20, weatherCode: 1 });
  });

  it('sends the commercial API key when one is set, and keeps a path prefix', () => {
    const url = openMeteoUrl({ baseUrl: 'https://customer-api.open-meteo.com/prefix', apiKey: 'k-1' }, point);
    expect(url.pathname).toBe('/prefix/v1/forecast');
    expect(url.searchParams.get('apikey')).toBe('k-1');
  });

  it('keeps a value a model lacks as null', async () => {
    standIn.weather = () => ({ temperature: null, precipitationProbability: null, gustKmh: 30, weatherCode: null });
    const forecast = await source().forecast(point);
    expect(forecast.hours[0]).toMatchObject({ temperature: null, precipitationProbability: null, gustKmh: 30 });
    standIn.weather = () => ({ temperature: 15, precipitationProbability: 10, gustKmh: 20, weatherCode: 1 });
  });

  it.each([
    ['slow', 'TIMEOUT'],
    ['http-error', 'SOURCE_ERROR'],
    ['bad-request', 'REFUSED'],
    ['rate-limited', 'RATE_LIMITED'],
    ['malformed', 'MALFORMED'],
    ['uneven', 'MALFORMED'],
    ['not-json', 'MALFORMED'],
    ['local-times', 'MALFORMED'],
  ] as const)('classifies a %s answer as %s', async (behaviour, reason) => {
    standIn.behaviour = behaviour;
    expect(await failure(source(300).forecast(point))).toBe(reason);
  });

  it('says what Open-Meteo said on a refusal', async () => {
    standIn.behaviour = 'bad-request';
    const error = await source()
      .forecast(point)
      .catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain('Cannot initialize WeatherVariable');
  });

  it('a source nobody answers at is UNREACHABLE', async () => {
    const closed = await startWeatherStandIn();
    const url = closed.url;
    await closed.close();
    const gone = createOpenMeteo({ baseUrl: url, timeoutMs: 2000, attribution: '' });
    expect(await failure(gone.forecast(point))).toBe('UNREACHABLE');
  });
});
