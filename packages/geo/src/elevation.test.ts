import { describe, expect, it } from 'vitest';
import {
  ELEVATION_GAIN_METHOD,
  elevationGain,
  hysteresisGain,
  SMOOTHED_ELEVATION_GAIN_METHOD,
  smoothedElevationGain,
} from './elevation.ts';
import { parseGpx } from './gpx.ts';
import { gpxLines } from './stats.ts';
import { fixture } from './test-helpers.ts';

/** Points 111.19 m apart along a meridian with the given elevations. */
function line(...elevations: (number | null)[]) {
  return elevations.map((elevation, index) => ({ latitude: 45 + index / 1000, longitude: 9, elevation }));
}

describe('elevationGain (spec §9)', () => {
  it('sums the rises between consecutive points', () => {
    expect(elevationGain([line(100, 105, 103, 110)])).toBe(12);
    expect(elevationGain([line(300, 200, 100)])).toBe(0);
    expect(elevationGain([])).toBe(0);
  });

  it('skips zero and missing elevations, comparing the points around them', () => {
    // 100 → 110: +10; 110 → 105: 0; 105 → 120.5: +15.5. Counting the zero would give +110 instead of +10.
    expect(elevationGain([line(100, 0, 110, null, 105, 120.5)])).toBe(25.5);
    expect(elevationGain([line(null, 0, null)])).toBe(0);
    expect(elevationGain([[{ latitude: 0, longitude: 0 }]])).toBe(0);
  });

  it('does not bridge the gap between segments', () => {
    expect(elevationGain([line(100, 105, 103), line(200, 210)])).toBe(15);
  });

  it('rounds only the total, to 2 decimals', () => {
    expect(elevationGain([line(100.001, 100.004, 100.001, 100.004)])).toBe(0.01);
    expect(elevationGain([line(1, 11.005)])).toBe(10.01);
    expect(elevationGain([line(100.1, 100.25, 100.3)])).toBe(0.2);
  });

  it('reads the zero-elevations fixture as the spec says', () => {
    expect(elevationGain(gpxLines(parseGpx(fixture('zero-elevations.gpx'))).lines)).toBe(25.5);
  });
});

describe('hysteresisGain', () => {
  it('counts a climb once it reaches the threshold, ignoring smaller dips on the way', () => {
    expect(hysteresisGain([100, 104, 101, 110], 5)).toBe(10);
    expect(hysteresisGain([100, 110, 106, 112], 5)).toBe(12);
    expect(hysteresisGain([200, 150, 160], 5)).toBe(10);
    expect(hysteresisGain([200, 150, 154], 5)).toBe(0);
  });

  it('counts every climb separated by a real descent', () => {
    expect(hysteresisGain([100, 120, 110, 130, 90, 100], 5)).toBe(20 + 20 + 10);
  });

  it('ignores wobbles smaller than the threshold, and takes every rise with a zero threshold', () => {
    expect(hysteresisGain([100, 103, 100, 104, 101, 103], 5)).toBe(0);
    expect(hysteresisGain([100, 103, 100, 104], 0)).toBe(7);
    expect(hysteresisGain([], 5)).toBe(0);
  });
});

describe('smoothedElevationGain', () => {
  it('resamples every 25 m: a climb between sparse points loses at most the slope over half a step', () => {
    expect(smoothedElevationGain([line(100, 104, 101, 110)])).toBe(10);
    // The 150 m low point, 111 m from the start, falls between two samples: the climb reads 8.76 m, not 10 m.
    expect(smoothedElevationGain([line(200, 150, 160)])).toBe(8.76);
  });

  it('ignores wobbles smaller than the threshold', () => {
    expect(smoothedElevationGain([line(100, 103, 100, 103, 100)])).toBe(0);
    expect(elevationGain([line(100, 103, 100, 103, 100)])).toBe(6);
  });

  it('skips zero elevations and does not bridge segments', () => {
    expect(smoothedElevationGain([line(100, 0, 110)])).toBe(10);
    expect(smoothedElevationGain([line(100, 110), line(200, 210)])).toBe(20);
    expect(smoothedElevationGain([line(null, null)])).toBe(0);
  });

  it('hides the GPS noise of the noisy fixture and keeps its 100 m climb', () => {
    const lines = gpxLines(parseGpx(fixture('noisy-elevation.gpx'))).lines;
    expect(elevationGain(lines)).toBeGreaterThan(150);
    const smoothed = smoothedElevationGain(lines);
    expect(smoothed).toBeGreaterThan(95);
    expect(smoothed).toBeLessThan(105);
  });

  it('states both methods', () => {
    expect(ELEVATION_GAIN_METHOD).toMatch(/zero or missing/);
    expect(SMOOTHED_ELEVATION_GAIN_METHOD).toMatch(/25 m.*5 m/);
  });
});
