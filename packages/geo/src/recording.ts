import { haversineMetres } from './distance.ts';
import { roundTo2Decimals } from './rounding.ts';
import { keptByDouglasPeucker } from './simplify.ts';
import type { Gpx, GpxPoint, LatLng } from './types.ts';
import { localProjection, SegmentIndex } from './way-match.ts';

export interface RecordedPoint {
  latitude: number;
  longitude: number;
  /** Milliseconds since the epoch. */
  time: number;
}

export interface Recording {
  points: RecordedPoint[];
  startedAt: number;
  endedAt: number;
  movingSeconds: number;
  /** Metres, rounded to 2 decimals. */
  distance: number;
}

/** An interval is moving at this speed or more (about 1.8 km/h), unless it is longer than a watch's pause. */
export const RECORDING_MOVING = { minMetresPerSecond: 0.5, maxGapSeconds: 5 * 60 } as const;

/**
 * The recording in a watch's file (issue 42): the timed points of its tracks' segments in order, or of its routes
 * when no track point has a time. Points without a time, or whose time goes back, are dropped. Null under two points.
 *
 * Moving time and distance count only the moving intervals (RECORDING_MOVING): GPS drift while standing at a
 * stop would otherwise add distance, and the straight line across a pause of the watch is no distance travelled.
 */
export function recordingOf(gpx: Gpx): Recording | null {
  const tracked = timedPoints(gpx.tracks.flatMap((track) => track.segments).flat());
  const points = tracked.length > 0 ? tracked : timedPoints(gpx.routes.flatMap((route) => route.points));
  if (points.length < 2) return null;
  let movingMs = 0;
  let distance = 0;
  for (let i = 1; i < points.length; i++) {
    const ms = points[i]!.time - points[i - 1]!.time;
    const metres = haversineMetres(points[i - 1]!, points[i]!);
    const paused = ms > RECORDING_MOVING.maxGapSeconds * 1000;
    // A point repeating the time before it has no speed: the interval is not counted as moving.
    if (ms > 0 && !paused && metres / (ms / 1000) >= RECORDING_MOVING.minMetresPerSecond) {
      movingMs += ms;
      distance += metres;
    }
  }
  return {
    points,
    startedAt: points[0]!.time,
    endedAt: points[points.length - 1]!.time,
    movingSeconds: Math.round(movingMs / 1000),
    distance: roundTo2Decimals(distance),
  };
}

function timedPoints(points: readonly GpxPoint[]): RecordedPoint[] {
  const timed: RecordedPoint[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const time = point.time === null ? Number.NaN : parseTime(point.time);
    if (Number.isNaN(time) || time < last) continue;
    timed.push({ latitude: point.latitude, longitude: point.longitude, time });
    last = time;
  }
  return timed;
}

/** GPX times are UTC: one written without a zone is read as UTC, not as the reader's local time. */
function parseTime(text: string): number {
  const trimmed = text.trim();
  return Date.parse(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(trimmed) ? `${trimmed}Z` : trimmed);
}

export const RECORDING_MATCH = { startWindowMinutes: 60, toleranceMetres: 100, minShare: 0.5 } as const;

export interface RecordingMatch {
  /** Recording start minus planned start, in whole minutes (negative: started early). */
  startOffsetMinutes: number;
  /** Share of the recording's time spent on the route, 0 to 1, rounded to 2 decimals. */
  onRouteShare: number;
  matched: boolean;
  /** The first test that failed, START before ROUTE; null when matched. */
  reason: 'START' | 'ROUTE' | null;
}

/**
 * Whether a recording is of the planned activity (issue 42): it starts within startWindowMinutes of the planned
 * start, either side, and spends more than minShare of its time on the route. An interval between two points is
 * on the route when both are within toleranceMetres of the route's line. Decided on the rounded figures it
 * returns, so that the answer never contradicts what is shown ("61 minutes late", "50 % on the route").
 */
export function matchRecording(route: readonly LatLng[], recording: Recording, plannedStart: number): RecordingMatch {
  const { startWindowMinutes, minShare } = RECORDING_MATCH;
  const startOffsetMinutes = wholeMinutes(recording.startedAt - plannedStart);
  const duration = recording.endedAt - recording.startedAt;
  const onRouteShare =
    route.length === 0 || duration <= 0 ? 0 : roundTo2Decimals(msOnRoute(route, recording.points) / duration);
  const reason = Math.abs(startOffsetMinutes) > startWindowMinutes ? 'START' : onRouteShare > minShare ? null : 'ROUTE';
  return { startOffsetMinutes, onRouteShare, matched: reason === null, reason };
}

/** Rounded half away from zero, so early and late round alike (and never to -0). */
function wholeMinutes(ms: number): number {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return ms < 0 && minutes > 0 ? -minutes : minutes;
}

function msOnRoute(route: readonly LatLng[], points: readonly RecordedPoint[]): number {
  const projection = localProjection(route);
  const index = new SegmentIndex(RECORDING_MATCH.toleranceMetres);
  const projected = route.map(projection);
  // A one-point route is a segment of no length: the distance to it is the distance to the point.
  if (projected.length === 1) index.add(0, projected[0]!, projected[0]!);
  for (let i = 1; i < projected.length; i++) index.add(0, projected[i - 1]!, projected[i]!);
  const near = (point: RecordedPoint) => {
    const [x, y] = projection(point);
    return index.nearest(x, y) >= 0;
  };
  let ms = 0;
  let previousNear = near(points[0]!);
  for (let i = 1; i < points.length; i++) {
    const pointNear = near(points[i]!);
    if (previousNear && pointNear) ms += points[i]!.time - points[i - 1]!.time;
    previousNear = pointNear;
  }
  return ms;
}

/**
 * At most `maxPoints` of a recording's points, the first and last always, to store its line: Douglas–Peucker as
 * map lines are simplified (simplify.ts), keeping the points' times. Points within budget are kept as they are.
 */
export function thinRecording(points: readonly RecordedPoint[], maxPoints: number): RecordedPoint[] {
  if (points.length <= Math.max(2, maxPoints)) return [...points];
  const latitudes = Float64Array.from(points, (p) => p.latitude);
  const longitudes = Float64Array.from(points, (p) => p.longitude);
  const line = {
    length: points.length,
    latitudes,
    longitudes,
    elevations: new Float64Array(points.length).fill(Number.NaN),
    time: () => null,
  };
  const keep = keptByDouglasPeucker([line], { maxPoints });
  return points.filter((_, i) => keep[i] === 1);
}
