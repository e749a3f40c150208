import { describe, expect, it } from 'vitest';
import { haversineMetres } from './distance.ts';
import { isInsideZones, trimGpx, trimOutsideZones, ZONE_CUT_MARGIN_METRES, type ZoneCircle } from './privacy-zones.ts';
import type { LatLng } from './types.ts';

// On the 6371 km sphere 1 m of latitude is 1/111 194.93 of a degree; at 45° a metre of longitude is √2 times that.
const DEGREES_PER_METRE = 1 / 111_194.92664455873;
/** A point `east` and `north` metres from (45, 9). */
const at = (east: number, north: number): LatLng => ({
  latitude: 45 + north * DEGREES_PER_METRE,
  longitude: 9 + (east * DEGREES_PER_METRE) / Math.cos((45 * Math.PI) / 180),
});
const zone = (east: number, north: number, radiusMetres: number): ZoneCircle => ({ ...at(east, north), radiusMetres });
const line = (...eastings: number[]) => eastings.map((east) => at(east, 0));
const eastOf = (p: LatLng) =>
  haversineMetres(at(0, 0), { latitude: 45, longitude: p.longitude }) * Math.sign(p.longitude - 9);

describe('trimOutsideZones', () => {
  const home = zone(0, 0, 500);
  const cases: {
    name: string;
    points: LatLng[];
    zones: ZoneCircle[];
    /** Each piece as eastings in metres (rounded), and its position on the input line. */
    pieces: { east: number[]; from: number; to: number }[];
  }[] = [
    {
      name: 'without zones the line comes back whole',
      points: line(0, 1000, 2000),
      zones: [],
      pieces: [{ east: [0, 1000, 2000], from: 0, to: 2 }],
    },
    {
      name: 'a route starting inside a zone begins at its boundary',
      points: line(0, 1000, 2000),
      zones: [home],
      pieces: [{ east: [502, 1000, 2000], from: 0.502, to: 2 }],
    },
    {
      name: 'a route ending inside a zone ends at its boundary',
      points: line(-2000, -1000, 0),
      zones: [home],
      pieces: [{ east: [-2000, -1000, -502], from: 0, to: 1.498 }],
    },
    {
      name: 'a route crossing a zone becomes two pieces, cut on the boundary',
      points: line(-2000, 2000),
      zones: [home],
      pieces: [
        { east: [-2000, -502], from: 0, to: 0.3745 },
        { east: [502, 2000], from: 0.6255, to: 1 },
      ],
    },
    {
      name: 'points inside the zone are dropped, not only cut around',
      points: line(-1000, -100, 0, 100, 1000),
      zones: [home],
      pieces: [
        { east: [-1000, -502], from: 0, to: 0.5533 },
        { east: [502, 1000], from: 3.4467, to: 4 },
      ],
    },
    {
      name: 'a route wholly inside a zone leaves nothing',
      points: line(-100, 0, 100),
      zones: [home],
      pieces: [],
    },
    {
      name: 'overlapping zones hide their union',
      points: line(-2000, 2000),
      zones: [home, zone(600, 0, 300)],
      pieces: [
        { east: [-2000, -502], from: 0, to: 0.3745 },
        { east: [902, 2000], from: 0.7254, to: 1 },
      ],
    },
    {
      name: 'a line passing beside a zone is left as it is',
      points: [at(-2000, 600), at(2000, 600)],
      zones: [home],
      pieces: [{ east: [-2000, 2000], from: 0, to: 1 }],
    },
    {
      name: 'a single point is no line',
      points: line(2000),
      zones: [home],
      pieces: [],
    },
  ];

  it.each(cases)('$name', ({ points, zones, pieces }) => {
    const trimmed = trimOutsideZones(points, zones);
    expect(
      trimmed.map((piece) => ({
        east: piece.points.map((p) => Math.round(eastOf(p))),
        from: Number(piece.from.toFixed(4)),
        to: Number(piece.to.toFixed(4)),
      })),
    ).toEqual(pieces);
  });

  it('interpolates the caller’s other fields at a cut (elevation)', () => {
    const points = [
      { ...at(0, 0), elevation: 100 },
      { ...at(1000, 0), elevation: 200 },
    ];
    const [piece] = trimOutsideZones(points, [home], (a, b, t) => ({
      latitude: a.latitude + (b.latitude - a.latitude) * t,
      longitude: a.longitude + (b.longitude - a.longitude) * t,
      elevation: a.elevation + (b.elevation - a.elevation) * t,
    }));
    expect(piece!.points[0]!.elevation).toBeCloseTo(150.2, 1);
    expect(piece!.points[1]).toEqual(points[1]);
  });

  it('never returns a point inside a zone, on random lines through random zones anywhere on the globe', () => {
    let seed = 20_261_125;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 300; round++) {
      const origin = { latitude: (random() - 0.5) * 160, longitude: (random() - 0.5) * 360 };
      const near = (spreadMetres: number): LatLng => ({
        latitude: origin.latitude + (random() - 0.5) * spreadMetres * DEGREES_PER_METRE,
        longitude:
          origin.longitude +
          ((random() - 0.5) * spreadMetres * DEGREES_PER_METRE) / Math.cos((origin.latitude * Math.PI) / 180),
      });
      const zones = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
        ...near(4000),
        radiusMetres: 200 + random() * 800,
      }));
      const points = Array.from({ length: 2 + Math.floor(random() * 40) }, () => near(6000));
      const pieces = trimOutsideZones(points, zones);
      for (const piece of pieces) {
        expect(piece.points.length).toBeGreaterThan(1);
        for (const point of piece.points) {
          for (const z of zones)
            expect(haversineMetres(point, z), `seed round ${round}`).toBeGreaterThanOrEqual(z.radiusMetres);
        }
      }
      // Every input point outside the zones is kept, in the order of the line.
      const returned = pieces.flatMap((piece) => piece.points).filter((p) => points.includes(p));
      expect(returned).toEqual(points.filter((p) => !isInsideZones(p, zones)));
    }
  });
});

describe('isInsideZones', () => {
  it('is true inside a zone and within the cut margin around it, false beyond', () => {
    const zones = [zone(0, 0, 200)];
    expect(isInsideZones(at(0, 0), zones)).toBe(true);
    expect(isInsideZones(at(199, 0), zones)).toBe(true);
    expect(isInsideZones(at(200 + ZONE_CUT_MARGIN_METRES, 0), zones)).toBe(true);
    expect(isInsideZones(at(202, 0), zones)).toBe(false);
    expect(isInsideZones(at(0, 0), [])).toBe(false);
  });
});

describe('trimGpx', () => {
  it('trims every segment and route, keeps known elevation at the cuts, and drops waypoints inside', () => {
    const point = (east: number, elevation: number | null) => ({
      ...at(east, 0),
      elevation,
      time: '2026-01-01T00:00:00Z',
    });
    const trimmed = trimGpx(
      {
        version: '1.1',
        name: 'walk',
        tracks: [
          {
            name: 'walk',
            segments: [
              [point(0, 100), point(1000, 200)],
              [point(-2000, null), point(2000, null)],
            ],
          },
        ],
        routes: [{ name: 'r', points: [point(-1000, 0), point(0, 0)] }],
        waypoints: [
          { ...point(0, null), name: 'home', type: null, sym: null },
          { ...point(3000, null), name: 'hut', type: null, sym: null },
        ],
        skippedPoints: 0,
      },
      [zone(0, 0, 500)],
    );
    const segments = trimmed.tracks[0]!.segments;
    expect(segments).toHaveLength(3);
    expect(segments[0]![0]).toMatchObject({ elevation: 150.2, time: null });
    expect(segments[1]!.map((p) => p.elevation)).toEqual([null, null]);
    expect(trimmed.routes).toHaveLength(1);
    expect(trimmed.waypoints.map((w) => w.name)).toEqual(['hut']);
  });
});
