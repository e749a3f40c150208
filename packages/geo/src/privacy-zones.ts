import { EARTH_RADIUS_METRES, haversineMetres } from './distance.ts';
import type { Gpx, GpxPoint, LatLng } from './types.ts';

/** A privacy zone as stored: a circle (the centre is already offset from the point its owner chose). */
export interface ZoneCircle extends LatLng {
  radiusMetres: number;
}

/** A visible piece of a trimmed line, with where it lies on the line it came from. */
export interface VisiblePiece<Point extends LatLng = LatLng> {
  points: Point[];
  /** Fractional vertex positions on the input line: 2.5 is halfway between its points 2 and 3. */
  from: number;
  to: number;
}

/**
 * How far outside a zone's circle a cut is made. The circle is solved on a flat projection around its centre; the
 * margin keeps every boundary point outside the circle by great-circle distance too (the projection's error at
 * 1 km is a fraction of a metre even at 80° of latitude).
 */
export const ZONE_CUT_MARGIN_METRES = 1;
const marginOf = (zone: ZoneCircle) => ZONE_CUT_MARGIN_METRES + zone.radiusMetres * 0.002;

const METRES_PER_DEGREE = (EARTH_RADIUS_METRES * Math.PI) / 180;

/** Where a point lies on the flat plane tangent at `centre`, in metres (longitudes taken the short way round). */
function project(point: LatLng, centre: LatLng): [x: number, y: number] {
  let dLongitude = point.longitude - centre.longitude;
  if (dLongitude > 180) dLongitude -= 360;
  if (dLongitude < -180) dLongitude += 360;
  return [
    dLongitude * METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180),
    (point.latitude - centre.latitude) * METRES_PER_DEGREE,
  ];
}

/** The part of the leg a→b (t from 0 to 1) inside the zone widened by its margin, or null. */
function hiddenInterval(a: LatLng, b: LatLng, zone: ZoneCircle): [number, number] | null {
  const radius = zone.radiusMetres + marginOf(zone);
  const [ax, ay] = project(a, zone);
  const [bx, by] = project(b, zone);
  const dx = bx - ax;
  const dy = by - ay;
  const qa = dx * dx + dy * dy;
  const qc = ax * ax + ay * ay - radius * radius;
  if (qa === 0) return qc < 0 ? [0, 1] : null;
  const qb = 2 * (ax * dx + ay * dy);
  const discriminant = qb * qb - 4 * qa * qc;
  if (discriminant <= 0) return null;
  const root = Math.sqrt(discriminant);
  const from = Math.max(0, (-qb - root) / (2 * qa));
  const to = Math.min(1, (-qb + root) / (2 * qa));
  return from < to ? [from, to] : null;
}

/** True when the point is inside a zone (widened by the cut margin): it must never reach anyone but the owner. */
export function isInsideZones(point: LatLng, zones: readonly ZoneCircle[]): boolean {
  return zones.some((zone) => haversineMetres(point, zone) < zone.radiusMetres + marginOf(zone));
}

/** A point a fraction `t` of the way from a to b; other fields (elevation) are interpolated by the caller's rule. */
export type Interpolate<Point extends LatLng> = (a: Point, b: Point, t: number) => Point;

const interpolateLatLng = <Point extends LatLng>(a: Point, b: Point, t: number): Point =>
  ({
    ...a,
    latitude: a.latitude + (b.latitude - a.latitude) * t,
    longitude: a.longitude + (b.longitude - a.longitude) * t,
  }) as Point;

/**
 * Cuts a line where it enters and leaves privacy zones and keeps what lies outside them, as pieces in order. A cut
 * is a new point on the zone's boundary (slightly outside it), interpolated along the leg, so a route that merely
 * starts inside a zone begins at the boundary and a route that crosses one becomes two pieces. A piece of a single
 * point (a leg that only touches a zone) is dropped. Without zones the line comes back whole, as one piece.
 */
export function trimOutsideZones<Point extends LatLng>(
  points: readonly Point[],
  zones: readonly ZoneCircle[],
  interpolate: Interpolate<Point> = interpolateLatLng,
): VisiblePiece<Point>[] {
  if (points.length === 0) return [];
  if (zones.length === 0) return points.length > 1 ? [{ points: [...points], from: 0, to: points.length - 1 }] : [];
  const pieces: VisiblePiece<Point>[] = [];
  let open: VisiblePiece<Point> | null = null;
  const close = () => {
    if (open && open.points.length > 1) pieces.push(open);
    open = null;
  };
  for (let index = 0; index + 1 < points.length; index++) {
    const a = points[index]!;
    const b = points[index + 1]!;
    for (const [from, to] of visibleIntervals(a, b, zones)) {
      const end = to === 1 ? b : interpolate(a, b, to);
      const current = open as VisiblePiece<Point> | null;
      if (from === 0 && current) {
        current.points.push(end);
        current.to = index + to;
      } else {
        close();
        open = { points: [from === 0 ? a : interpolate(a, b, from), end], from: index + from, to: index + to };
      }
      if (to < 1) close();
    }
    // A leg hidden at its end leaves no open piece to continue.
    if (open && (open as VisiblePiece<Point>).to < index + 1) close();
  }
  close();
  return pieces;
}

/** The parts of the leg a→b outside every zone, in order, as [from, to] fractions of the leg. */
function visibleIntervals(a: LatLng, b: LatLng, zones: readonly ZoneCircle[]): [number, number][] {
  const hidden = zones
    .map((zone) => hiddenInterval(a, b, zone))
    .filter((interval): interval is [number, number] => interval !== null)
    .sort((x, y) => x[0] - y[0]);
  const visible: [number, number][] = [];
  let cursor = 0;
  for (const [from, to] of hidden) {
    if (from > cursor) visible.push([cursor, from]);
    cursor = Math.max(cursor, to);
  }
  if (cursor < 1) visible.push([cursor, 1]);
  return visible;
}

/** Elevation at a cut: between the two known values; unknown when either is. Times are never made up. */
const interpolateGpxPoint: Interpolate<GpxPoint> = (a, b, t) => ({
  latitude: a.latitude + (b.latitude - a.latitude) * t,
  longitude: a.longitude + (b.longitude - a.longitude) * t,
  elevation:
    a.elevation !== null && b.elevation !== null
      ? Math.round((a.elevation + (b.elevation - a.elevation) * t) * 10) / 10
      : null,
  time: null,
});

/** A parsed file with every track segment and route trimmed outside the zones, and the waypoints inside them left out. */
export function trimGpx(gpx: Gpx, zones: readonly ZoneCircle[]): Gpx {
  if (zones.length === 0) return gpx;
  const trim = (line: GpxPoint[]) => trimOutsideZones(line, zones, interpolateGpxPoint).map((piece) => piece.points);
  return {
    ...gpx,
    tracks: gpx.tracks.map((track) => ({ ...track, segments: track.segments.flatMap(trim) })),
    routes: gpx.routes.flatMap((route) => trim(route.points).map((points) => ({ ...route, points }))),
    waypoints: gpx.waypoints.filter((w) => !isInsideZones(w, zones)),
  };
}
