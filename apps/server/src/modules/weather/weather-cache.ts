import type { Db } from '../../db/client.ts';
import { type Forecast, WeatherFailure, type WeatherSource } from './open-meteo.ts';
import { createWeatherRepository, type WeatherCellRow } from './weather.repository.ts';

/** Forecasts are fetched and kept per grid cell of this many degrees (about 11 km north–south). */
export const WEATHER_CELL_DEGREES = 0.1;
/** A forecast older than this is not shown, nor judged by alerts, even when the source is failing. */
export const WEATHER_MAX_AGE_MS = 12 * 3_600_000;
/** After a failed or started fetch, a cell is not asked again for this long. */
export const WEATHER_RETRY_MS = 5 * 60_000;

export function cellOf(point: { latitude: number; longitude: number }) {
  const lat = Math.round(point.latitude / WEATHER_CELL_DEGREES);
  const lon = Math.round(point.longitude / WEATHER_CELL_DEGREES);
  return {
    key: `${lat}:${lon}`,
    centre: { latitude: lat * WEATHER_CELL_DEGREES, longitude: lon * WEATHER_CELL_DEGREES },
  };
}

export interface CachedForecast extends Forecast {
  fetchedAt: Date;
}

export interface WeatherCacheDeps {
  db: Db;
  source: WeatherSource;
  /** WEATHER_CACHE_MINUTES in ms: a cell fetched more recently is answered from the database. */
  freshMs: number;
  now: () => Date;
  log: { warn(details: object, message: string): void };
}

/**
 * Forecasts through the database, shared by every instance: a fresh cell is read, never fetched; a stale or
 * missing one is fetched by the one instance that claims it (an update of `attempted_at` guarded by its old
 * value), while the others answer with what is stored. A failure keeps the last good forecast (with its age,
 * up to WEATHER_MAX_AGE_MS) and is not retried for WEATHER_RETRY_MS, so page views never hammer a failing source.
 */
export function createWeatherCache(deps: WeatherCacheDeps) {
  const repo = createWeatherRepository(deps.db);

  const stored = (row: WeatherCellRow | null): CachedForecast | null =>
    row?.fetchedAt && deps.now().getTime() - row.fetchedAt.getTime() < WEATHER_MAX_AGE_MS
      ? { fetchedAt: row.fetchedAt, elevation: row.elevation, hours: row.hours }
      : null;

  /** Claims the right to fetch a cell now; false when it is fresh or another fetch started recently. */
  async function claim(key: string, now: Date) {
    const retryBefore = new Date(now.getTime() - WEATHER_RETRY_MS);
    const freshAfter = new Date(now.getTime() - deps.freshMs);
    return repo.claimCell(key, now, retryBefore, freshAfter);
  }

  /** The forecast of the cell holding `point`: fresh, else fetched, else the last good one; null if none. */
  async function forecast(point: { latitude: number; longitude: number }): Promise<CachedForecast | null> {
    const now = deps.now();
    const cell = cellOf(point);
    const row = await repo.cell(cell.key);
    if (row?.fetchedAt && now.getTime() - row.fetchedAt.getTime() < deps.freshMs) return stored(row);
    if (!(await claim(cell.key, now))) return stored(row);
    try {
      const fresh = await deps.source.forecast(cell.centre);
      await repo.storeForecast(cell.key, now, fresh);
      return { ...fresh, fetchedAt: now };
    } catch (error) {
      if (!(error instanceof WeatherFailure)) throw error;
      deps.log.warn({ cell: cell.key, reason: error.reason, err: error.message }, 'weather source failed');
      return stored(row);
    }
  }

  /** Cells whose forecast is older than a day: dropped by the hourly purge (nothing else reads them). */
  async function purge() {
    const before = new Date(deps.now().getTime() - 86_400_000);
    await repo.purgeCells(before);
  }

  return { forecast, purge };
}

export type WeatherCache = ReturnType<typeof createWeatherCache>;
