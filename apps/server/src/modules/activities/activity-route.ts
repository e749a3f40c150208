import {
  GPX_MAX_BYTES,
  GPX_STORED_MAX_POINTS,
  GPX_UPLOAD_MAX_BYTES,
  type LatLng,
  type RouteInput,
  type Waypoint,
  type WaypointType,
} from '@cordata/contract';
import {
  asTrack,
  elevatedLine,
  GPX_MAX_POINTS,
  type Gpx,
  type GpxWaypoint,
  gpxOfColumns,
  isGpxError,
  type ParseGpxOptions,
  type PointColumns,
  parseGpxColumns,
  type RouteStats,
  routeStats,
  routeStatsOfColumns,
  thinGpxColumns,
  trimGpx,
  trimOutsideZones,
  writeGpx,
  type ZoneCircle,
} from '@cordata/geo';
import { ApiError } from '../../http/errors.ts';

/** The display line sent to the app: enough for a phone map, small enough for every read. */
export const DISPLAY_LINE_MAX_POINTS = 500;
const MAX_WAYPOINTS = 200;

/** What an activity row stores about its route, computed once when it is saved. */
export interface ComputedRoute {
  routeMode: 'POINTS' | 'GPX';
  startLatitude: number;
  startLongitude: number;
  startAddress: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  destinationAddress: string | null;
  routeSteps: LatLng[];
  waypoints: Waypoint[];
  elevationProfile: [number, number][];
  totalDistance: number;
  /** The three are null together when the route's elevation is unknown (never 0 in its place). */
  totalElevationGain: number | null;
  smoothedElevationGain: number | null;
  elevationLoss: number | null;
  /** The uploaded file, kept whole in activity_routes; null for a POINTS route. */
  gpx: string | null;
}

const toLatLng = (p: LatLng): LatLng => ({ latitude: p.latitude, longitude: p.longitude });

/**
 * A route with its file, if any, as text: what computeRoute takes. `uploaded`: the file came through the presigned
 * upload, so it may be up to GPX_UPLOAD_MAX_BYTES and any number of points (up to a million).
 */
export type RouteToCompute = Extract<RouteInput, { mode: 'POINTS' }> | { mode: 'GPX'; gpx: string; uploaded?: boolean };

/** An uploaded file as the route computeRoute takes (UTF-8, as GPX is unless it declares otherwise). */
export const uploadedRoute = (bytes: Uint8Array): RouteToCompute => ({
  mode: 'GPX',
  gpx: new TextDecoder('utf-8', { fatal: false }).decode(bytes),
  uploaded: true,
});

/** Points an uploaded file may have before it is thinned: a day-long recording at one point a second is ~90 000. */
const UPLOAD_READ_MAX_POINTS = 1_000_000;

const pointCount = (gpx: Gpx<{ length: number }>) =>
  gpx.waypoints.length +
  gpx.routes.reduce((n, r) => n + r.points.length, 0) +
  gpx.tracks.reduce((n, t) => n + t.segments.reduce((m, s) => m + s.length, 0), 0);

/**
 * The file to keep and measure. A file the inline call would take (GPX_MAX_BYTES, GPX_MAX_POINTS) is kept as it is;
 * a larger upload is thinned to GPX_STORED_MAX_POINTS (every n-th point, ends kept) and kept as GPX 1.1. Read as
 * columns (no object a point) like the app's worker reads it: only a thinned file's points become objects, to write.
 */
function fileToKeep(route: Extract<RouteToCompute, { mode: 'GPX' }>): { gpx: Gpx<PointColumns>; text: string } {
  if (!route.uploaded) return { gpx: parseOrRefuse(route.gpx), text: route.gpx };
  const read = parseOrRefuse(route.gpx, { maxBytes: GPX_UPLOAD_MAX_BYTES, maxPoints: UPLOAD_READ_MAX_POINTS });
  if (route.gpx.length <= GPX_MAX_BYTES && pointCount(read) <= GPX_MAX_POINTS) return { gpx: read, text: route.gpx };
  const thin = thinGpxColumns(read, GPX_STORED_MAX_POINTS);
  return { gpx: thin, text: writeGpx(gpxOfColumns(thin)) };
}

/** Computes distance, gains, display line, waypoints and profile from a POINTS route or a GPX file. */
export function computeRoute(route: RouteToCompute): ComputedRoute {
  if (route.mode === 'POINTS') {
    const line = pointsLine(route);
    const stats = routeStats(line, { simplify: { maxPoints: DISPLAY_LINE_MAX_POINTS } });
    return {
      routeMode: 'POINTS',
      startLatitude: route.start.latitude,
      startLongitude: route.start.longitude,
      startAddress: route.start.address ?? null,
      destinationLatitude: route.destination.latitude,
      destinationLongitude: route.destination.longitude,
      destinationAddress: route.destination.address ?? null,
      // Tapped points are kept exactly as drawn unless there are too many to draw.
      routeSteps: line.length <= DISPLAY_LINE_MAX_POINTS ? line : stats.simplifiedLine,
      waypoints: route.waypoints?.length
        ? route.waypoints.map((w) => ({ type: w.type, latitude: w.latitude, longitude: w.longitude }))
        : endWaypoints(line[0]!, line[line.length - 1]!),
      ...figures(stats),
      gpx: null,
    };
  }
  const { gpx, text } = fileToKeep(route);
  const stats = routeStatsOfColumns(gpx, { simplify: { maxPoints: DISPLAY_LINE_MAX_POINTS } });
  if (!stats.start || !stats.end) {
    throw new ApiError('GPX_INVALID', { details: { reason: 'The file has no track or route points' } });
  }
  return {
    routeMode: 'GPX',
    startLatitude: stats.start.latitude,
    startLongitude: stats.start.longitude,
    startAddress: null,
    destinationLatitude: stats.end.latitude,
    destinationLongitude: stats.end.longitude,
    destinationAddress: null,
    routeSteps: stats.simplifiedLine,
    waypoints: [...endWaypoints(stats.start, stats.end), ...gpx.waypoints.map(gpxWaypoint)].slice(0, MAX_WAYPOINTS),
    ...figures(stats),
    gpx: text,
  };
}

/** A drawn line has no elevation of its own, nor has a file without <ele>: route-computer.ts asks the service. */
function figures(stats: RouteStats) {
  const known = stats.hasElevation;
  return {
    elevationProfile: stats.elevationProfile,
    totalDistance: stats.totalDistance,
    totalElevationGain: known ? stats.totalElevationGain : null,
    smoothedElevationGain: known ? stats.smoothedElevationGain : null,
    elevationLoss: known ? stats.smoothedElevationLoss : null,
  };
}

/** The line a POINTS route walks: the start, the steps, the destination. */
export const pointsLine = (route: Extract<RouteInput, { mode: 'POINTS' }>): LatLng[] => [
  toLatLng(route.start),
  ...route.routeSteps.map(toLatLng),
  toLatLng(route.destination),
];

function parseOrRefuse(text: string, options?: ParseGpxOptions): Gpx<PointColumns> {
  try {
    return parseGpxColumns(text, options);
  } catch (error) {
    if (isGpxError(error)) throw new ApiError('GPX_INVALID', { details: { reason: error.code } });
    throw error;
  }
}

const endWaypoints = (start: LatLng, end: LatLng): Waypoint[] => [
  { type: 'START', ...toLatLng(start) },
  { type: 'FINISH', ...toLatLng(end) },
];

/** A GPX waypoint is a rest stop unless its type, symbol or name says otherwise. */
function gpxWaypoint(w: GpxWaypoint): Waypoint {
  const label = `${w.type ?? ''} ${w.sym ?? ''} ${w.name ?? ''}`.toLowerCase();
  const type: WaypointType = /restart|ripart/.test(label)
    ? 'RESTART'
    : /\bstop\b|sosta/.test(label)
      ? 'STOP'
      : /\bstart\b|partenza/.test(label)
        ? 'START'
        : /finish|\bend\b|arrivo/.test(label)
          ? 'FINISH'
          : 'REST';
  return { type, ...toLatLng(w) };
}

/**
 * A stored route file as one GPX 1.1 track named after the activity (see asTrack: times are dropped), trimmed outside
 * privacy `zones` (docs/privacy.md).
 */
export function trackGpx(gpx: string, name: string, zones: readonly ZoneCircle[] = []): string {
  return writeGpx(trimGpx(asTrack(gpxOfColumns(parseOrRefuse(gpx)), name), zones));
}

/**
 * A drawn route as one GPX 1.1 track: its line (the tapped or snapped points, at most the display line's
 * 500 points) with the elevation the stored profile gives along it, and no <ele> where that is unknown; trimmed
 * outside privacy `zones` (docs/privacy.md).
 */
export function drawnTrackGpx(
  activity: { name: string; routeSteps: LatLng[]; elevationProfile: [number, number][] },
  zones: readonly ZoneCircle[] = [],
): string {
  const line = elevatedLine(activity.routeSteps, activity.elevationProfile);
  const segments =
    zones.length === 0 ? (line.length ? [line] : []) : trimOutsideZones(line, zones).map((piece) => piece.points);
  return writeGpx({
    version: '1.1',
    name: activity.name,
    tracks: [{ name: activity.name, segments }],
    routes: [],
    waypoints: [],
    skippedPoints: 0,
  });
}
