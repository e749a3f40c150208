import { columnsOfPoints, type PointColumns } from './columns.ts';
import { measureColumns } from './distance.ts';
import { minutesBetween } from './duration.ts';
import {
  type ElevatedPoint,
  elevationGainOfColumns,
  elevationLossOfColumns,
  hasElevation,
  smoothedElevationChangeOfMeasured,
} from './elevation.ts';
import { elevationProfileOfMeasured, PROFILE_MAX_POINTS } from './profile.ts';
import { roundTo2Decimals } from './rounding.ts';
import { type SimplifyOptions, simplifyColumns } from './simplify.ts';
import type { Bounds, Gpx, LatLng, ProfilePoint } from './types.ts';

export type RoutePoint = ElevatedPoint & { time?: string | null };

export interface RouteStatsOptions {
  profileMaxPoints?: number;
  simplify?: SimplifyOptions;
}

export interface RouteStats {
  /** Which points make the line: the GPX tracks, else its routes; 'points' for a plain list of points. */
  source: 'tracks' | 'routes' | 'points' | 'none';
  /** Metres, 2 decimals; gaps between segments are not counted. */
  totalDistance: number;
  /** Metres, 2 decimals, spec §9 (ELEVATION_GAIN_METHOD). */
  totalElevationGain: number;
  /** Metres, 2 decimals, without GPS noise (SMOOTHED_ELEVATION_GAIN_METHOD). */
  smoothedElevationGain: number;
  /** Metres, 2 decimals: the falls, counted like totalElevationGain counts the rises. */
  totalElevationLoss: number;
  /** Metres, 2 decimals: the descent without GPS noise, smoothed like smoothedElevationGain. */
  smoothedElevationLoss: number;
  /**
   * Whether any point has an elevation (spec §9: not 0, not missing). Without one the gains and losses above are
   * 0 only arithmetically: the climb is unknown, and callers must say so rather than show 0 m.
   */
  hasElevation: boolean;
  elevationProfile: ProfilePoint[];
  /** The line to draw, simplified; segments follow each other in one list. */
  simplifiedLine: LatLng[];
  bounds: Bounds | null;
  start: LatLng | null;
  end: LatLng | null;
  pointCount: number;
  /** From the first to the last timestamp of the line, when both exist. */
  elapsedMinutes: number | null;
}

/** The lines of a parsed GPX to measure: its track segments, or, for a file with no track point, its routes. */
export function gpxLines<Line extends { length: number }>(
  gpx: Gpx<Line>,
): { source: RouteStats['source']; lines: Line[] } {
  const segments = gpx.tracks.flatMap((track) => track.segments).filter((segment) => segment.length > 0);
  if (segments.length > 0) return { source: 'tracks', lines: segments };
  const routes = gpx.routes.map((route) => route.points).filter((points) => points.length > 0);
  if (routes.length > 0) return { source: 'routes', lines: routes };
  return { source: 'none', lines: [] };
}

/** All figures of a route, from a parsed GPX or from one list of points (a POINTS route). */
export function routeStats(input: Gpx | readonly RoutePoint[], options: RouteStatsOptions = {}): RouteStats {
  if (Array.isArray(input)) {
    const points = input as readonly RoutePoint[];
    return points.length === 0
      ? statsOfLines('none', [], options)
      : statsOfLines('points', [columnsOfPoints(points)], options);
  }
  const { source, lines } = gpxLines(input as Gpx);
  return statsOfLines(source, lines.map(columnsOfPoints), options);
}

/** routeStats of a GPX read as columns (parseGpxColumns), with no object a point. */
export function routeStatsOfColumns(gpx: Gpx<PointColumns>, options: RouteStatsOptions = {}): RouteStats {
  const { source, lines } = gpxLines(gpx);
  return statsOfLines(source, lines, options);
}

function statsOfLines(source: RouteStats['source'], lines: PointColumns[], options: RouteStatsOptions): RouteStats {
  const firstLine = lines[0];
  const lastLine = lines[lines.length - 1];
  const endAt = (lastLine?.length ?? 0) - 1;
  const measured = lines.map(measureColumns);
  const walkedMetres = measured.reduce((total, line) => total + (line.distances[line.distances.length - 1] ?? 0), 0);
  const smoothed = smoothedElevationChangeOfMeasured(measured);
  return {
    source: lines.length === 0 ? 'none' : source,
    totalDistance: roundTo2Decimals(walkedMetres),
    totalElevationGain: elevationGainOfColumns(lines),
    smoothedElevationGain: smoothed.gain,
    totalElevationLoss: elevationLossOfColumns(lines),
    smoothedElevationLoss: smoothed.loss,
    hasElevation: lines.some((line) => line.elevations.some(hasElevation)),
    elevationProfile: elevationProfileOfMeasured(measured, options.profileMaxPoints ?? PROFILE_MAX_POINTS),
    simplifiedLine: simplifyColumns(lines, options.simplify),
    bounds: boundsOfColumns(lines),
    start: firstLine ? { latitude: firstLine.latitudes[0]!, longitude: firstLine.longitudes[0]! } : null,
    end: lastLine ? { latitude: lastLine.latitudes[endAt]!, longitude: lastLine.longitudes[endAt]! } : null,
    pointCount: lines.reduce((count, line) => count + line.length, 0),
    elapsedMinutes: firstLine && lastLine ? minutesBetween(firstLine.time(0), lastLine.time(endAt)) : null,
  };
}

export function boundsOf(lines: readonly (readonly LatLng[])[]): Bounds | null {
  return boundsOfColumns(lines.map(columnsOfPoints));
}

function boundsOfColumns(lines: readonly PointColumns[]): Bounds | null {
  let bounds: Bounds | null = null;
  for (const { latitudes, longitudes } of lines) {
    for (let index = 0; index < latitudes.length; index++) {
      const latitude = latitudes[index]!;
      const longitude = longitudes[index]!;
      if (bounds === null) {
        bounds = { minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude, maxLongitude: longitude };
        continue;
      }
      if (latitude < bounds.minLatitude) bounds.minLatitude = latitude;
      if (latitude > bounds.maxLatitude) bounds.maxLatitude = latitude;
      if (longitude < bounds.minLongitude) bounds.minLongitude = longitude;
      if (longitude > bounds.maxLongitude) bounds.maxLongitude = longitude;
    }
  }
  return bounds;
}
