import { describe, expect, it } from 'vitest';
import { type IntensityKind, type PartnerFitLevel, type PartnerFitRoute, partnerFit } from './partner-fit.ts';

const route = (r: Partial<PartnerFitRoute>): PartnerFitRoute => ({
  totalDistance: 10_000,
  totalElevationGain: 500,
  requiredTime: 60,
  ...r,
});

describe('partner fit', () => {
  const table: [string, Partial<PartnerFitRoute>, IntensityKind, number, PartnerFitLevel, number | null][] = [
    // Distance in metres: up to the declared value, up to a quarter more, beyond.
    ['21 km for someone who runs 25 km', { totalDistance: 21_000 }, 'DISTANCE', 25_000, 'WITHIN', 21_000],
    ['exactly the declared distance', { totalDistance: 12_000 }, 'DISTANCE', 12_000, 'WITHIN', 12_000],
    ['15 km for 12 km: a stretch', { totalDistance: 15_000 }, 'DISTANCE', 12_000, 'STRETCH', 15_000],
    ['21 km for 12 km: above', { totalDistance: 21_000 }, 'DISTANCE', 12_000, 'ABOVE', 21_000],
    ['no distance: unknown', { totalDistance: 0 }, 'DISTANCE', 12_000, 'UNKNOWN', null],
    // Elevation gain in metres; unknown gain is unknown, never 0 m.
    ['800 m for 1 000 m', { totalElevationGain: 800 }, 'ELEVATION', 1000, 'WITHIN', 800],
    ['1 200 m for 1 000 m', { totalElevationGain: 1200 }, 'ELEVATION', 1000, 'STRETCH', 1200],
    ['1 300 m for 1 000 m', { totalElevationGain: 1300 }, 'ELEVATION', 1000, 'ABOVE', 1300],
    ['a flat route is within anyone', { totalElevationGain: 0 }, 'ELEVATION', 100, 'WITHIN', 0],
    ['no elevation data', { totalElevationGain: null }, 'ELEVATION', 1000, 'UNKNOWN', null],
    // Time in minutes.
    ['2 h for 3 h', { requiredTime: 120 }, 'TIME', 180, 'WITHIN', 120],
    ['3 h 30 for 3 h', { requiredTime: 210 }, 'TIME', 180, 'STRETCH', 210],
    ['5 h for 3 h', { requiredTime: 300 }, 'TIME', 180, 'ABOVE', 300],
    ['no required time', { requiredTime: null }, 'TIME', 180, 'UNKNOWN', null],
    // Pace in seconds per km: 10 km in 60 min asks for 6:00/km.
    ['6:00/km asked of a 5:30 runner', {}, 'PACE', 330, 'WITHIN', 360],
    ['6:00/km asked of a 6:00 runner', {}, 'PACE', 360, 'WITHIN', 360],
    ['6:00/km asked of a 6:30 runner: a stretch', {}, 'PACE', 390, 'STRETCH', 360],
    ['6:00/km asked of a 7:00 runner: above', {}, 'PACE', 420, 'ABOVE', 360],
    ['no required time: no pace', { requiredTime: null }, 'PACE', 360, 'UNKNOWN', null],
    ['no distance: no pace', { totalDistance: 0 }, 'PACE', 360, 'UNKNOWN', null],
  ];

  it.each(table)('%s', (_name, r, kind, value, level, routeValue) => {
    expect(partnerFit(route(r), { kind, value })).toEqual({ level, kind, routeValue, ownValue: value });
  });

  it('says unknown for a declared value that is not a positive number', () => {
    expect(partnerFit(route({}), { kind: 'DISTANCE', value: 0 }).level).toBe('UNKNOWN');
    expect(partnerFit(route({}), { kind: 'DISTANCE', value: Number.NaN }).level).toBe('UNKNOWN');
  });

  it('never ranks a longer route as easier (monotone in the route figure)', () => {
    const rank = { WITHIN: 0, STRETCH: 1, ABOVE: 2, UNKNOWN: -1 } as const;
    for (const kind of ['DISTANCE', 'ELEVATION', 'TIME'] as const) {
      let last = 0;
      for (let figure = 1; figure < 5000; figure += 7) {
        const r = route({ totalDistance: figure, totalElevationGain: figure, requiredTime: figure });
        const level = rank[partnerFit(r, { kind, value: 1000 }).level];
        expect(level).toBeGreaterThanOrEqual(last);
        last = level;
      }
    }
  });
});
