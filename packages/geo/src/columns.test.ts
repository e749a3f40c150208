import { describe, expect, it } from 'vitest';
import { columnsOfGpx, columnsOfPoints, gpxOfColumns, pickColumns, pointsOfColumns } from './columns.ts';
import { parseGpx, parseGpxColumns } from './gpx.ts';
import { thinGpx, thinGpxColumns } from './route-file.ts';
import { routeStats, routeStatsOfColumns } from './stats.ts';
import type { GpxPoint } from './types.ts';

/** More points than a line's first columns hold, so they grow; every third point without elevation or time. */
const points: GpxPoint[] = Array.from({ length: 1000 }, (_, i) => ({
  latitude: 45 + i / 10_000,
  longitude: 9 - i / 20_000,
  elevation: i % 3 === 0 ? null : 100 + (i % 37),
  time: i % 3 === 0 ? null : `2024-05-01T08:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:00Z`,
}));

describe('PointColumns', () => {
  it('hold points as they were given, elevations and times included', () => {
    const columns = columnsOfPoints(points);
    expect(columns.length).toBe(1000);
    expect(Number.isNaN(columns.elevations[0]!)).toBe(true);
    expect(pointsOfColumns(columns)).toEqual(points);
  });

  it('keep the points asked for, with their times', () => {
    const kept = pickColumns(columnsOfPoints(points), (index) => index % 250 === 1);
    expect(pointsOfColumns(kept)).toEqual([points[1], points[251], points[501], points[751]]);
  });

  it('thin and measure a parsed file exactly as the points do', () => {
    const text = `<gpx><trk><trkseg>${points
      .map(
        (p) =>
          `<trkpt lat="${p.latitude}" lon="${p.longitude}">` +
          (p.elevation === null ? '' : `<ele>${p.elevation}</ele>`) +
          (p.time === null ? '' : `<time>${p.time}</time>`) +
          '</trkpt>',
      )
      .join('\n')}</trkseg></trk><rte><rtept lat="1" lon="1"/></rte></gpx>`;
    const columns = parseGpxColumns(text);
    const objects = parseGpx(text);
    expect(gpxOfColumns(columns)).toEqual(objects);
    expect(gpxOfColumns(columnsOfGpx(objects))).toEqual(objects);
    expect(gpxOfColumns(thinGpxColumns(columns, 100))).toEqual(thinGpx(objects, 100));
    expect(routeStatsOfColumns(thinGpxColumns(columns, 100))).toEqual(routeStats(thinGpx(objects, 100)));
    expect(routeStatsOfColumns(columns)).toEqual(routeStats(objects));
  });
});

describe('PointColumns of a file of many lines (security review M5)', () => {
  it('hold one empty line for every empty segment, and give each other line its own points', () => {
    const text = `<gpx><trk>${'<trkseg/>'.repeat(10_000)}<trkseg><trkpt lat="1" lon="2"/></trkseg><trkseg/></trk></gpx>`;
    const segments = parseGpxColumns(text).tracks[0]!.segments;
    expect(segments).toHaveLength(10_002);
    expect(new Set(segments.filter((segment) => segment.length === 0)).size).toBe(1);
    expect(pointsOfColumns(segments[10_000]!)).toEqual([{ latitude: 1, longitude: 2, elevation: null, time: null }]);
  });
});
