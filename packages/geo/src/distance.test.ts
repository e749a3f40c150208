import { describe, expect, it } from 'vitest';
import { haversineMetres, lineLengthMetres, pointsRouteDistance, totalDistanceMetres } from './distance.ts';
import { roundTo2Decimals } from './rounding.ts';
import { MILLIDEGREE_METRES } from './test-helpers.ts';

// Hand values on a 6371 km sphere: along a meridian or the equator the distance is R·Δangle (radians).
const R = 6_371_000;

describe('haversineMetres', () => {
  it('is R·Δφ along a meridian and R·Δλ along the equator', () => {
    expect(haversineMetres({ latitude: 45, longitude: 9 }, { latitude: 45.001, longitude: 9 })).toBeCloseTo(
      MILLIDEGREE_METRES,
      9,
    );
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      (R * Math.PI) / 180,
      6,
    );
  });

  it('gives a quarter and a half of the great circle', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (R * Math.PI) / 2,
      6,
    );
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(R * Math.PI, 6);
  });

  it('is zero for one point, symmetric, and crosses the antimeridian the short way', () => {
    const milan = { latitude: 45.46, longitude: 9.19 };
    const rome = { latitude: 41.9, longitude: 12.5 };
    expect(haversineMetres(milan, milan)).toBe(0);
    expect(haversineMetres(milan, rome)).toBeCloseTo(haversineMetres(rome, milan), 9);
    expect(haversineMetres({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeCloseTo(
      2 * MILLIDEGREE_METRES,
      6,
    );
  });
});

describe('distances of lines', () => {
  const meridian = [0, 1, 2, 3].map((step) => ({ latitude: 45 + step / 1000, longitude: 9 }));

  it('sums the legs without rounding them one by one', () => {
    expect(lineLengthMetres(meridian)).toBeCloseTo(3 * MILLIDEGREE_METRES, 9);
    expect(pointsRouteDistance(meridian)).toBe(333.58);
    expect(pointsRouteDistance([])).toBe(0);
    expect(pointsRouteDistance([{ latitude: 1, longitude: 1 }])).toBe(0);
  });

  it('does not count the gap between two lines', () => {
    const far = [
      { latitude: 46, longitude: 9 },
      { latitude: 46.001, longitude: 9 },
    ];
    expect(totalDistanceMetres([meridian, far])).toBe(444.78);
  });
});

describe('roundTo2Decimals', () => {
  it('rounds half up, despite binary noise', () => {
    expect(roundTo2Decimals(1.005)).toBe(1.01);
    expect(roundTo2Decimals(2.675)).toBe(2.68);
    expect(roundTo2Decimals(0.1 + 0.2)).toBe(0.3);
    expect(roundTo2Decimals(333.5847799)).toBe(333.58);
    expect(roundTo2Decimals(111194.92664455873)).toBe(111194.93);
    expect(roundTo2Decimals(0)).toBe(0);
  });
});
