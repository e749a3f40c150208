import { EARTH_RADIUS_KM } from '../../contract/src/constants.ts';
import type { PointColumns } from './columns.ts';
import { roundTo2Decimals } from './rounding.ts';
import type { LatLng } from './types.ts';

export const EARTH_RADIUS_METRES = EARTH_RADIUS_KM * 1000;

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Great-circle distance in metres on a sphere of radius 6371 km (spec §9), not rounded. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  return haversineBetween(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** haversineMetres between two points given as numbers. */
export function haversineBetween(latitudeA: number, longitudeA: number, latitudeB: number, longitudeB: number): number {
  const radiansA = latitudeA * RADIANS_PER_DEGREE;
  const radiansB = latitudeB * RADIANS_PER_DEGREE;
  const sinHalfLatitude = Math.sin((radiansB - radiansA) / 2);
  const sinHalfLongitude = Math.sin(((longitudeB - longitudeA) * RADIANS_PER_DEGREE) / 2);
  const h =
    sinHalfLatitude * sinHalfLatitude + Math.cos(radiansA) * Math.cos(radiansB) * sinHalfLongitude * sinHalfLongitude;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A line held as columns with, for each point, the distance walked from its first point (metres, not rounded). */
export interface MeasuredColumns {
  columns: PointColumns;
  distances: Float64Array;
}

export function measureColumns(columns: PointColumns): MeasuredColumns {
  const { latitudes, longitudes } = columns;
  const distances = new Float64Array(columns.length);
  for (let index = 1; index < columns.length; index++) {
    distances[index] =
      distances[index - 1]! +
      haversineBetween(latitudes[index - 1]!, longitudes[index - 1]!, latitudes[index]!, longitudes[index]!);
  }
  return { columns, distances };
}

/** A line with, for each point, the distance walked from its first point (metres, not rounded). */
export interface MeasuredLine<Point extends LatLng = LatLng> {
  points: readonly Point[];
  distances: Float64Array;
}

export function measureLine<Point extends LatLng>(points: readonly Point[]): MeasuredLine<Point> {
  const distances = new Float64Array(points.length);
  for (let index = 1; index < points.length; index++) {
    distances[index] = distances[index - 1]! + haversineMetres(points[index - 1]!, points[index]!);
  }
  return { points, distances };
}

/** Length of one polyline in metres, not rounded. */
export function lineLengthMetres(points: readonly LatLng[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index++) {
    total += haversineMetres(points[index - 1]!, points[index]!);
  }
  return total;
}

/**
 * Walked distance of several lines (track segments) in metres, rounded to 2 decimals (spec §9).
 * The gap between the end of one line and the start of the next is not walked, so it is not counted.
 */
export function totalDistanceMetres(lines: readonly (readonly LatLng[])[]): number {
  let total = 0;
  for (const line of lines) total += lineLengthMetres(line);
  return roundTo2Decimals(total);
}

/** Distance in metres, rounded to 2 decimals, of a POINTS route: the steps joined in order. */
export function pointsRouteDistance(routeSteps: readonly LatLng[]): number {
  return roundTo2Decimals(lineLengthMetres(routeSteps));
}
