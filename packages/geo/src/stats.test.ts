import { describe, expect, it } from 'vitest';
import { parseGpx } from './gpx.ts';
import { routeStats } from './stats.ts';
import { fixture } from './test-helpers.ts';

describe('routeStats', () => {
  it('measures a GPX with two segments', () => {
    const stats = routeStats(parseGpx(fixture('multi-segment.gpx')));
    expect(stats).toMatchObject({
      source: 'tracks',
      totalDistance: 333.58,
      totalElevationGain: 15,
      smoothedElevationGain: 10,
      bounds: { minLatitude: 45, minLongitude: 9, maxLatitude: 46.001, maxLongitude: 9 },
      start: { latitude: 45, longitude: 9 },
      end: { latitude: 46.001, longitude: 9 },
      pointCount: 5,
      elapsedMinutes: 125,
    });
    expect(stats.elevationProfile).toHaveLength(5);
    expect(stats.simplifiedLine).toHaveLength(4);
  });

  it('measures several tracks', () => {
    const stats = routeStats(parseGpx(fixture('multi-track.gpx')));
    expect(stats).toMatchObject({ totalDistance: 333.58, totalElevationGain: 13, pointCount: 5 });
  });

  it('falls back to the routes when there is no track point', () => {
    const stats = routeStats(parseGpx(fixture('route-only.gpx')));
    expect(stats).toMatchObject({ source: 'routes', totalDistance: 333.58, totalElevationGain: 110, pointCount: 4 });
    expect(stats.smoothedElevationGain).toBe(107.35);
  });

  it('gives empty figures for a file with waypoints only', () => {
    expect(routeStats(parseGpx(fixture('waypoints-only.gpx')))).toEqual({
      source: 'none',
      totalDistance: 0,
      totalElevationGain: 0,
      smoothedElevationGain: 0,
      totalElevationLoss: 0,
      smoothedElevationLoss: 0,
      hasElevation: false,
      elevationProfile: [],
      simplifiedLine: [],
      bounds: null,
      start: null,
      end: null,
      pointCount: 0,
      elapsedMinutes: null,
    });
  });

  it('measures GPX 1.0 and a track without elevation', () => {
    expect(routeStats(parseGpx(fixture('gpx10.gpx')))).toMatchObject({
      totalDistance: 222.39,
      totalElevationGain: 25,
      elapsedMinutes: 3,
    });
    expect(routeStats(parseGpx(fixture('no-elevation.gpx')))).toMatchObject({
      totalDistance: 222.39,
      totalElevationGain: 0,
      smoothedElevationGain: 0,
      elevationProfile: [],
    });
  });

  it('measures a POINTS route given as a list of coordinates', () => {
    const steps = [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 1 },
    ];
    expect(routeStats(steps)).toMatchObject({ source: 'points', totalDistance: 111194.93, pointCount: 2 });
    expect(routeStats([]).source).toBe('none');
  });
});

describe('routeStats: descent and whether the elevation is known', () => {
  const at = (km: number, elevation: number | null) => ({
    latitude: 45 + km / 111.19492664455873,
    longitude: 9,
    elevation,
  });

  it('counts the falls like the rises, skipping zero or missing elevations', () => {
    const stats = routeStats([at(0, 100), at(1, 150), at(2, 120), at(3, 0), at(4, 130), at(5, null), at(6, 90)]);
    expect(stats).toMatchObject({ totalElevationGain: 60, totalElevationLoss: 70, hasElevation: true });
    // Every 25 m with a 5 m hysteresis: the same rises and falls, none of them noise.
    expect(stats.smoothedElevationGain).toBe(60);
    expect(stats.smoothedElevationLoss).toBe(70);
  });

  it('says the elevation is unknown when no point has one, although every sum is 0', () => {
    const stats = routeStats([at(0, null), at(1, 0)]);
    expect(stats).toMatchObject({ totalElevationGain: 0, totalElevationLoss: 0, hasElevation: false });
  });

  it('hides GPS noise in the smoothed descent', () => {
    const noisy = Array.from({ length: 400 }, (_, i) => at(i * 0.01, 500 - i * 0.25 + (i % 2 ? 2 : -2)));
    const stats = routeStats(noisy);
    expect(stats.totalElevationLoss).toBeGreaterThan(800);
    expect(stats.smoothedElevationLoss).toBeGreaterThan(95);
    expect(stats.smoothedElevationLoss).toBeLessThan(105);
  });
});
