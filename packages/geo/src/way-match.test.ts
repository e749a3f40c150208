import { describe, expect, it } from 'vitest';
import { MILLIDEGREE_METRES } from './test-helpers.ts';
import type { LatLng } from './types.ts';
import { matchRouteToWays } from './way-match.ts';

/** A line on the equator, `north` metres north of it, from longitude `from` to `to` (millidegrees). */
const line = (from: number, to: number, north = 0): LatLng[] =>
  Array.from({ length: 11 }, (_, i) => ({
    latitude: north / MILLIDEGREE_METRES / 1000,
    longitude: (from + ((to - from) * i) / 10) / 1000,
  }));
const way = (name: string, ...lines: LatLng[][]) => ({ name, geometry: lines });

/** The route: 10 millidegrees along the equator, about 1 112 m. */
const route = line(0, 10);
const ROUTE_METRES = 10 * MILLIDEGREE_METRES;
/** A way matches the route up to the tolerance (25 m) past its ends, give or take one piece (10 m). */
const SPILL = 25;

describe('matchRouteToWays', () => {
  it.each([
    { case: 'a way on the route takes all of it', ways: [way('A', line(0, 10))], expected: { A: ROUTE_METRES } },
    { case: 'a way 20 m off still matches', ways: [way('A', line(0, 10, 20))], expected: { A: ROUTE_METRES } },
    { case: 'a way 30 m off matches nothing', ways: [way('A', line(0, 10, 30))], expected: {} },
    {
      case: 'two ways end to end share it',
      ways: [way('A', line(0, 5)), way('B', line(5, 10))],
      expected: { A: ROUTE_METRES / 2, B: ROUTE_METRES / 2 },
    },
    {
      case: 'of two parallel ways the nearer wins',
      ways: [way('far', line(0, 10, -15)), way('near', line(0, 10, 5))],
      expected: { near: ROUTE_METRES },
    },
    { case: 'a way along 80 % of it', ways: [way('A', line(2, 10))], expected: { A: 0.8 * ROUTE_METRES + SPILL } },
    {
      case: 'the gap between two lines of one way is not matched',
      ways: [way('A', line(0, 3), line(7, 10))],
      expected: { A: 0.6 * ROUTE_METRES + 2 * SPILL },
    },
    {
      case: 'a way crossing it matches only where it is near',
      ways: [
        way('cross', [
          { latitude: -0.001, longitude: 0.005 },
          { latitude: 0.001, longitude: 0.005 },
        ]),
      ],
      expected: { cross: 2 * SPILL },
    },
    { case: 'no ways, no match', ways: [], expected: {} },
  ])('$case', ({ ways, expected }) => {
    const { totalMetres, matches } = matchRouteToWays(route, ways);
    expect(totalMetres).toBeCloseTo(ROUTE_METRES, 6);
    const metres = Object.fromEntries(matches.map((m) => [m.way.name, m.metres]));
    expect(Object.keys(metres).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, length] of Object.entries(expected)) expect(Math.abs(metres[name]! - length)).toBeLessThan(10);
  });

  it('a route of one point has no length and no match', () => {
    expect(matchRouteToWays([route[0]!], [way('A', line(0, 10))])).toEqual({ totalMetres: 0, matches: [] });
  });

  it('counts a long straight route segment piece by piece', () => {
    const twoPoints = [route[0]!, route.at(-1)!];
    const { matches, totalMetres } = matchRouteToWays(twoPoints, [way('A', line(0, 5)), way('B', line(5, 10))]);
    expect(matches.map((m) => Math.round((m.metres / totalMetres) * 100))).toEqual([50, 50]);
  });
});
