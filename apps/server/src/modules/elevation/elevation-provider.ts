import type { LatLng } from '@cordata/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { askOutsideJson, OutsideFailure } from '../shared/outside-http.ts';

/** The elevation services ELEVATION_KIND names; each speaks its own documented format. */
export const ELEVATION_KINDS = ['open-meteo', 'open-elevation'] as const;
export type ElevationKind = (typeof ELEVATION_KINDS)[number];

/** Coordinates per request: Open-Meteo's documented maximum, and a polite size for an Open-Elevation server. */
export const ELEVATION_BATCH_SIZE = 100;

export type ElevationFailure = 'timeout' | 'unreachable' | 'http-error' | 'malformed';

/** Why a lookup failed, for the log; the person is told only that the elevation is unknown. */
export class ElevationError extends Error {
  constructor(
    readonly reason: ElevationFailure,
    readonly detail?: string,
  ) {
    super(`Elevation lookup failed: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'ElevationError';
  }
}

export interface ElevationProvider {
  kind: ElevationKind;
  /**
   * The ground elevation (metres) at each point, in order; null where the service has no data. All or nothing:
   * any failed batch fails the lookup (ElevationError), so a profile is never half measured.
   */
  lookup(points: readonly LatLng[]): Promise<(number | null)[]>;
}

export interface ElevationProviderOptions {
  kind: ElevationKind;
  /** The service's base URL; the adapter adds the documented path (/v1/elevation, /api/v1/lookup). */
  baseUrl: string;
  /** For the whole lookup, every batch included. */
  timeoutMs: number;
  batchSize?: number;
  fetch?: typeof fetch;
}

/** Open-Meteo: {"elevation": [metres | null, …]} in the order asked (https://open-meteo.com/en/docs/elevation-api). */
const OpenMeteoAnswer = z.object({ elevation: z.array(z.union([z.number(), z.null()])) });
/**
 * Open-Elevation: {"results": [{latitude, longitude, elevation}, …]} in the order asked
 * (https://github.com/Jorl17/open-elevation/blob/master/docs/api.md). It answers 0 where it has no data, which spec
 * §9's "zero counts as missing" then skips.
 */
const OpenElevationAnswer = z.object({
  results: z.array(z.object({ elevation: z.union([z.number(), z.null()]) }).loose()),
});

/** 100 elevations are a few KB; an answer far larger is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

function elevationErrorOf(failure: OutsideFailure): ElevationError {
  switch (failure.kind) {
    case 'TIMEOUT':
      return new ElevationError('timeout', failure.detail);
    case 'UNREACHABLE':
      return new ElevationError('unreachable', failure.detail);
    case 'HTTP':
      // Open-Meteo explains a refusal in {"error": true, "reason": "…"}: kept for the log, nothing more.
      return new ElevationError('http-error', `${failure.answer?.status} ${failure.answer?.text.slice(0, 200)}`);
    case 'MALFORMED':
    case 'TOO_LARGE':
      return new ElevationError('malformed', failure.detail);
  }
}

/** 6 decimals: about 10 cm, below any elevation model's cell, and shorter URLs. */
const coordinate = (x: number) => String(Math.round(x * 1e6) / 1e6);

export function createElevationProvider(options: ElevationProviderOptions): ElevationProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const batchSize = Math.max(1, Math.min(options.batchSize ?? ELEVATION_BATCH_SIZE, ELEVATION_BATCH_SIZE));

  async function request(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
    const headers = { accept: 'application/json', ...init.headers };
    try {
      return await askOutsideJson(url, { ...init, headers }, { signal, maxBytes: MAX_ANSWER_BYTES, fetch: doFetch });
    } catch (error) {
      throw error instanceof OutsideFailure ? elevationErrorOf(error) : error;
    }
  }

  async function batch(points: readonly LatLng[], signal: AbortSignal): Promise<(number | null)[]> {
    let values: (number | null)[];
    if (options.kind === 'open-meteo') {
      const query = new URLSearchParams({
        latitude: points.map((p) => coordinate(p.latitude)).join(','),
        longitude: points.map((p) => coordinate(p.longitude)).join(','),
      });
      const parsed = OpenMeteoAnswer.safeParse(await request(`${base}/v1/elevation?${query}`, {}, signal));
      if (!parsed.success) throw new ElevationError('malformed', 'no elevation array');
      values = parsed.data.elevation;
    } else {
      const body = JSON.stringify({
        locations: points.map((p) => ({ latitude: p.latitude, longitude: p.longitude })),
      });
      const answer = await request(
        `${base}/api/v1/lookup`,
        { method: 'POST', body, headers: { 'content-type': 'application/json' } },
        signal,
      );
      const parsed = OpenElevationAnswer.safeParse(answer);
      if (!parsed.success) throw new ElevationError('malformed', 'no results array');
      values = parsed.data.results.map((r) => r.elevation);
    }
    if (values.length !== points.length) {
      throw new ElevationError('malformed', `${values.length} elevations for ${points.length} points`);
    }
    return values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));
  }

  return {
    kind: options.kind,
    async lookup(points) {
      if (points.length === 0) return [];
      // One failed batch stops the others: the lookup has failed anyway.
      const stop = new AbortController();
      const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), stop.signal]);
      const batches: LatLng[][] = [];
      for (let start = 0; start < points.length; start += batchSize) {
        batches.push(points.slice(start, start + batchSize));
      }
      // The batches go together (a route has at most ELEVATION_SAMPLE_MAX / batch size of them): one timeout for all.
      try {
        const answers = await Promise.all(batches.map((b) => batch(b, signal)));
        return answers.flat();
      } finally {
        stop.abort();
      }
    },
  };
}

/** What Open-Meteo's terms ask to be credited (its data are CC BY 4.0; the elevations are Copernicus DEM GLO-90). */
export const OPEN_METEO_ELEVATION_CREDIT = 'Open-Meteo.com (Copernicus DEM GLO-90, CC BY 4.0)';

/** The credit shown with a climb the service measured: Open-Meteo's own API owes one; a self-hosted service none here. */
export function elevationCredit(config: Pick<Config, 'ELEVATION_KIND' | 'ELEVATION_URL'>): string | null {
  if (config.ELEVATION_KIND !== 'open-meteo' || !config.ELEVATION_URL) return null;
  return /(^|\.)open-meteo\.com$/.test(new URL(config.ELEVATION_URL).hostname) ? OPEN_METEO_ELEVATION_CREDIT : null;
}
