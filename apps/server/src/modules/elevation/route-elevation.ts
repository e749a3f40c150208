import type { ElevationSource, LatLng } from '@cordata/contract';
import { type RoutePoint, routeStats, sampleLine } from '@cordata/geo';
import { ElevationError, type ElevationProvider } from './elevation-provider.ts';

/** The elevation figures of a route; the three numbers are null together when the elevation is unknown. */
export interface ElevationFigures {
  totalElevationGain: number | null;
  smoothedElevationGain: number | null;
  elevationLoss: number | null;
  elevationProfile: [number, number][];
  elevationSource: ElevationSource;
}

export const unknownElevation = (source: ElevationSource): ElevationFigures => ({
  totalElevationGain: null,
  smoothedElevationGain: null,
  elevationLoss: null,
  elevationProfile: [],
  elevationSource: source,
});

export interface RouteElevationDeps {
  /** Null when ELEVATION_URL is not set. */
  provider: ElevationProvider | null;
  /** Told why a lookup failed; the route is saved all the same, its elevation unknown. */
  onFailure?: (error: ElevationError) => void;
}

/**
 * Measures a line's climb from the elevation service: the line is sampled (sampleLine: every vertex and every
 * 100 m at most, 500 samples at most), the samples' elevations looked up, and the figures computed from them the
 * way a GPX file's are (routeStats: spec §9 gain, smoothed gain and descent, profile). Never throws for the
 * service: no service, a failure or no data at all give unknown figures.
 */
export function createRouteElevation(deps: RouteElevationDeps) {
  return async function measure(line: readonly LatLng[]): Promise<ElevationFigures> {
    if (!deps.provider) return unknownElevation('NOT_CONFIGURED');
    const samples = sampleLine(line);
    if (samples.length < 2) return unknownElevation('UNAVAILABLE');
    let elevations: (number | null)[];
    try {
      elevations = await deps.provider.lookup(samples);
    } catch (error) {
      if (!(error instanceof ElevationError)) throw error;
      deps.onFailure?.(error);
      return unknownElevation('UNAVAILABLE');
    }
    const points: RoutePoint[] = samples.map((p, i) => ({ ...p, elevation: elevations[i] ?? null }));
    const stats = routeStats(points);
    if (!stats.hasElevation) return unknownElevation('UNAVAILABLE');
    return {
      totalElevationGain: stats.totalElevationGain,
      smoothedElevationGain: stats.smoothedElevationGain,
      elevationLoss: stats.smoothedElevationLoss,
      elevationProfile: stats.elevationProfile,
      elevationSource: 'SERVICE',
    };
  };
}

export type RouteElevation = ReturnType<typeof createRouteElevation>;
