import { describe, expect, it } from 'vitest';
import {
  matchRecording,
  RECORDING_MATCH,
  type RecordedPoint,
  type Recording,
  recordingOf,
  thinRecording,
} from './recording.ts';
import { MILLIDEGREE_METRES } from './test-helpers.ts';
import type { Gpx, GpxPoint, LatLng } from './types.ts';

const START = Date.UTC(2025, 5, 14, 8, 0);
const MINUTE = 60_000;

const gpxOf = (tracks: GpxPoint[][], routes: GpxPoint[][] = []): Gpx => ({
  version: '1.1',
  name: null,
  tracks: tracks.map((segment) => ({ name: null, segments: [segment] })),
  routes: routes.map((points) => ({ name: null, points })),
  waypoints: [],
  skippedPoints: 0,
});
/** A point `east` millidegrees along the equator, at `seconds` after START. */
const at = (east: number, seconds: number | null): GpxPoint => ({
  latitude: 0,
  longitude: east / 1000,
  elevation: null,
  time: seconds === null ? null : new Date(START + seconds * 1000).toISOString(),
});

describe('recordingOf', () => {
  it('takes the timed points of the tracks in order, dropping a time that goes back', () => {
    const recording = recordingOf(
      gpxOf([
        [at(0, 0), at(1, null), at(2, 100)],
        [at(3, 50), at(4, 200)],
      ]),
    );
    expect(recording?.points.map((p) => p.longitude * 1000)).toEqual([0, 2, 4]);
    expect(recording).toMatchObject({ startedAt: START, endedAt: START + 200_000 });
  });

  it('takes the routes when no track point has a time, and reads a time without a zone as UTC', () => {
    const route = [at(0, 0), { ...at(1, null), time: '2025-06-14T08:01:40' }];
    expect(recordingOf(gpxOf([], [route]))?.endedAt).toBe(START + 100_000);
    expect(recordingOf(gpxOf([[at(0, null)]], [route]))?.points).toHaveLength(2);
  });

  it('is null under two timed points', () => {
    expect(recordingOf(gpxOf([[at(0, 0), at(1, null), { ...at(2, null), time: 'yesterday' }]]))).toBeNull();
  });

  it('counts as moving only intervals at 0.5 m/s or more and no longer than 5 minutes', () => {
    const step = MILLIDEGREE_METRES; // 111 m a millidegree
    const recording = recordingOf(
      gpxOf([
        [
          at(0, 0),
          at(1, 100), // 1.1 m/s: moving
          at(1, 400), // standing: not moving
          at(1.1, 430), // 0.37 m/s: not moving (drift)
          at(3.1, 730), // 0.74 m/s over exactly 5 minutes: moving
          at(5.1, 1031), // a pause over 5 minutes: not moving
          at(6.1, 1031), // the same second again: no speed
          at(7.1, 1131), // moving
        ],
      ]),
    );
    expect(recording?.movingSeconds).toBe(100 + 300 + 100);
    expect(recording?.distance).toBeCloseTo(4 * step, 1);
  });
});

/** The route: 20 km east along the equator, a point every 111 m. */
const route: LatLng[] = Array.from({ length: 181 }, (_, i) => ({ latitude: 0, longitude: i / 1000 }));
/** A recording a point a minute, `north` metres off the equator for each minute's point. */
const recording = (northOfPoint: number[], startedAt = START): Recording => {
  const points: RecordedPoint[] = northOfPoint.map((north, i) => ({
    latitude: north / MILLIDEGREE_METRES / 1000,
    longitude: i / 1000,
    time: startedAt + i * MINUTE,
  }));
  return { points, startedAt, endedAt: points[points.length - 1]!.time, movingSeconds: 0, distance: 0 };
};
const onRoute = (minutes: number) => Array.from({ length: minutes + 1 }, () => 20);

describe('matchRecording', () => {
  it('matches a recording on the route that starts on time', () => {
    expect(matchRecording(route, recording(onRoute(60)), START)).toEqual({
      startOffsetMinutes: 0,
      onRouteShare: 1,
      matched: true,
      reason: null,
    });
  });

  it.each([
    [-60, true],
    [60, true],
    [60.4, true], // said as 60 minutes late
    [61, false],
    [-75, false],
  ])('a start %d minutes from the planned one: matched %s', (minutes, matched) => {
    const result = matchRecording(route, recording(onRoute(60), START + minutes * MINUTE), START);
    expect(result.startOffsetMinutes).toBe(Math.sign(minutes) * Math.round(Math.abs(minutes)));
    expect(result.matched).toBe(matched);
    expect(result.reason).toBe(matched ? null : 'START');
  });

  it('checks the start first', () => {
    const far = recording(
      Array.from({ length: 61 }, () => 5000),
      START + 2 * 60 * MINUTE,
    );
    expect(matchRecording(route, far, START)).toMatchObject({ onRouteShare: 0, matched: false, reason: 'START' });
  });

  it('weighs the share by time, an interval counting when both its ends are within 100 m', () => {
    // 10 minutes on the route, then 10 minutes 150 m off: the interval between them counts as off.
    const result = matchRecording(route, recording([...onRoute(9), ...Array.from({ length: 11 }, () => 150)]), START);
    expect(result).toEqual({ startOffsetMinutes: 0, onRouteShare: 0.45, matched: false, reason: 'ROUTE' });
    // Long intervals on the route weigh more than many short ones off it.
    const points = recording([20, 20, 500, 500, 500, 500]).points;
    points[1]!.time = START + 30 * MINUTE;
    for (let i = 2; i < points.length; i++) points[i]!.time = START + (30 + i) * MINUTE;
    const weighed = { ...recording([0]), points, endedAt: points[points.length - 1]!.time };
    expect(matchRecording(route, weighed, START).onRouteShare).toBe(0.86); // 30 of 35 minutes
  });

  it('needs more than half of the time on the route', () => {
    const half = recording([...onRoute(10), ...Array.from({ length: 10 }, () => 150)]); // 10 of 20 minutes
    expect(matchRecording(route, half, START)).toMatchObject({ onRouteShare: 0.5, matched: false, reason: 'ROUTE' });
  });

  it('measures the distance to the route line, not to its points', () => {
    const straight: LatLng[] = [route[0]!, route[route.length - 1]!];
    const beside = recording(Array.from({ length: 61 }, () => RECORDING_MATCH.toleranceMetres - 5));
    expect(matchRecording(straight, beside, START).onRouteShare).toBe(1);
    // A one-point route: within 100 m of its point, 1 minute on it, then 1 minute away.
    const aroundStart = recording([0, 90, 500]);
    for (const point of aroundStart.points) point.longitude = 0;
    expect(matchRecording([route[0]!], aroundStart, START).onRouteShare).toBe(0.5);
  });

  it('does not match an empty route', () => {
    expect(matchRecording([], recording(onRoute(10)), START)).toEqual({
      startOffsetMinutes: 0,
      onRouteShare: 0,
      matched: false,
      reason: 'ROUTE',
    });
  });

  it('matches two hours at 1 Hz against a 5 000-point route through the segment index', () => {
    // Its speed is measured in bench/recordings.ts, not here.
    // A winding route of 5 000 points 10 m apart, and a recording along it, 30 m to its side.
    const winding = (i: number, side: number): LatLng => {
      const east = i * 10;
      const north = 400 * Math.sin(east / 2000) + side;
      return { latitude: north / MILLIDEGREE_METRES / 1000, longitude: east / MILLIDEGREE_METRES / 1000 };
    };
    const longRoute = Array.from({ length: 5000 }, (_, i) => winding(i, 0));
    const points = Array.from({ length: 7200 }, (_, s) => ({
      ...winding((s * 4999) / 7199, 30),
      time: START + s * 1000,
    }));
    const long: Recording = { points, startedAt: START, endedAt: START + 7199_000, movingSeconds: 0, distance: 0 };
    expect(matchRecording(longRoute, long, START).onRouteShare).toBe(1);
  });
});

describe('thinRecording', () => {
  const wiggly: RecordedPoint[] = Array.from({ length: 10_000 }, (_, i) => ({
    latitude: Math.sin(i / 50) / 1000,
    longitude: i / 100_000,
    time: START + i * 1000,
  }));

  it('keeps at most maxPoints, the first and last among them, with their times', () => {
    const thin = thinRecording(wiggly, 2000);
    expect(thin.length).toBeLessThanOrEqual(2000);
    expect(thin.length).toBeGreaterThan(100);
    expect(thin[0]).toEqual(wiggly[0]);
    expect(thin[thin.length - 1]).toEqual(wiggly[wiggly.length - 1]);
    expect(thin.every((p, i) => i === 0 || p.time > thin[i - 1]!.time)).toBe(true);
    expect(thinRecording(wiggly, 1)).toEqual([wiggly[0], wiggly[wiggly.length - 1]]);
  });

  it('keeps a recording within the budget as it is', () => {
    expect(thinRecording(wiggly.slice(0, 50), 2000)).toEqual(wiggly.slice(0, 50));
  });
});
