import { describe, expect, it } from 'vitest';
import { parseGpx } from './gpx.ts';
import { elevationProfile } from './profile.ts';
import { gpxLines } from './stats.ts';
import { fixture, MILLIDEGREE_METRES } from './test-helpers.ts';

describe('elevationProfile', () => {
  it('runs the distance on across segments without the gap', () => {
    const lines = gpxLines(parseGpx(fixture('multi-segment.gpx'))).lines;
    const leg = MILLIDEGREE_METRES;
    expect(elevationProfile(lines)).toEqual([
      [0, 100],
      [Math.round(leg * 100) / 100, 105],
      [Math.round(2 * leg * 100) / 100, 103],
      [Math.round(2 * leg * 100) / 100, 200],
      [Math.round(3 * leg * 100) / 100, 210],
    ]);
  });

  it('leaves out points with a zero or missing elevation', () => {
    const lines = gpxLines(parseGpx(fixture('zero-elevations.gpx'))).lines;
    expect(elevationProfile(lines).map(([, elevation]) => elevation)).toEqual([100, 110, 105, 120.5]);
    expect(elevationProfile(gpxLines(parseGpx(fixture('no-elevation.gpx'))).lines)).toEqual([]);
  });

  it('downsamples to at most maxPoints, keeping both ends and a lone summit', () => {
    const line = Array.from({ length: 10_000 }, (_, index) => ({
      latitude: 45 + index / 100_000,
      longitude: 9,
      elevation: index === 6543 ? 2000 : 1000 + (index % 7),
    }));
    const profile = elevationProfile([line], 300);
    expect(profile).toHaveLength(300);
    expect(profile[0]).toEqual([0, 1000]);
    expect(profile.at(-1)?.[1]).toBe(line.at(-1)?.elevation);
    expect(Math.max(...profile.map(([, elevation]) => elevation))).toBe(2000);
    const distances = profile.map(([distance]) => distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});
