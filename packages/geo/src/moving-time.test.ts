import { describe, expect, it } from 'vitest';
import { cyclingHours, din33466Hours, estimateMovingTime, kmEffortHours } from './moving-time.ts';

describe('DIN 33466 (hiking)', () => {
  // distance m, up m, down m → hours, worked by hand: horizontal = km / 4, vertical = up / 300 + down / 500,
  // then the larger plus half the smaller.
  it.each([
    [12_000, 0, 0, 3], // 3 h flat, no climb
    [0, 900, 0, 3], // 3 h up only
    [8000, 600, 0, 3], // h 2, v 2 → 2 + 1
    [12_000, 600, 500, 4.5], // h 3, v 2 + 1 = 3 → 3 + 1.5
    [10_000, 1200, 1200, 7.65], // h 2.5, v 4 + 2.4 = 6.4 → 6.4 + 1.25
    [16_000, 300, 300, 4.8], // h 4, v 1 + 0.6 = 1.6 → 4 + 0.8
  ])('%d m, +%d m, −%d m → %d h', (distance, up, down, hours) => {
    expect(din33466Hours(distance, up, down)).toBeCloseTo(hours, 10);
  });
});

describe('ITRA km-effort (running)', () => {
  it.each([
    [10_000, 0, 6, 1], // 10 km-effort × 6 min
    [10_000, 500, 6, 1.5], // 15 km-effort × 6 min = 90 min
    [21_000, 1000, 7, 3.6167], // 31 km-effort × 7 min = 217 min
  ])('%d m, +%d m at %d min/km → %d h', (distance, up, pace, hours) => {
    expect(kmEffortHours(distance, up, pace)).toBeCloseTo(hours, 3);
  });
});

describe('cycling: flat speed plus the climb at a VAM', () => {
  it.each([
    [48_000, 0, 24, 800, 2],
    [48_000, 800, 24, 800, 3],
    [28_000, 1100, 14, 550, 4],
  ])('%d m, +%d m at %d km/h and %d m/h → %d h', (distance, up, speed, vam, hours) => {
    expect(cyclingHours(distance, up, speed, vam)).toBeCloseTo(hours, 10);
  });
});

describe('estimateMovingTime', () => {
  it.each([
    // sport, distance, gain, loss → minutes (nearest 5), climb included
    ['hiking', 12_000, 600, 500, 270, true], // 4.5 h
    ['hiking', 10_000, 1200, 1200, 460, true], // 7.65 h = 459 min
    ['mountaineering', 8000, 600, 0, 180, true],
    ['running', 10_000, 500, 500, 90, true],
    ['trail-running', 21_000, 1000, 1000, 215, true], // 217 min
    ['road-cycling', 48_000, 800, 800, 180, true],
    ['mountain-biking', 28_000, 1100, 1100, 240, true],
    ['gravel', 36_000, 0, 0, 120, true],
    ['hiking', 12_000, null, null, 180, false], // elevation unknown: the distance alone, and said so
    ['hiking', 100, 0, 0, 5, true], // never under 5 minutes
  ] as const)('%s %d m +%s −%s → %d min', (sport, distance, gain, loss, minutes, includesClimb) => {
    expect(estimateMovingTime(sport, { distance, gain, loss })).toEqual({ minutes, includesClimb });
  });

  it('has no estimate for a sport without a model, an unknown sport or a route of no length', () => {
    expect(estimateMovingTime('climbing', { distance: 1000, gain: 10, loss: 10 })).toBeNull();
    expect(estimateMovingTime('kayaking', { distance: 1000, gain: 0, loss: 0 })).toBeNull();
    expect(estimateMovingTime('toString', { distance: 1000, gain: 0, loss: 0 })).toBeNull();
    expect(estimateMovingTime('hiking', { distance: 0, gain: 0, loss: 0 })).toBeNull();
    expect(estimateMovingTime('hiking', { distance: Number.NaN, gain: 0, loss: 0 })).toBeNull();
  });

  it('takes a known gain with an unknown loss as unknown', () => {
    expect(estimateMovingTime('hiking', { distance: 12_000, gain: 600, loss: null })).toEqual({
      minutes: 180,
      includesClimb: false,
    });
  });
});
