import { describe, expect, it } from 'vitest';
import { MAX_CHECKPOINTS, weatherPlan } from './weather-plan.ts';

const startsAt = new Date('2026-12-01T08:00:00.000Z');
const endsAt = new Date('2026-12-01T12:00:00.000Z');
/** A straight line north from (45, 9): 0.09° of latitude is about 10 km. */
const line = (km: number) => [
  { latitude: 45, longitude: 9 },
  { latitude: 45 + (km / 10) * 0.09, longitude: 9 },
];
const base = {
  startLatitude: 45,
  startLongitude: 9,
  elevationProfile: [] as [number, number][],
  startsAt,
  endsAt,
  requiredTime: null,
};
const minutesAfterStart = (d: Date) => (d.getTime() - startsAt.getTime()) / 60_000;

describe('weatherPlan', () => {
  it('a route with no line is the meeting point alone', () => {
    expect(weatherPlan({ ...base, routeSteps: [], totalDistance: 0 })).toMatchObject([
      { kind: 'START', distance: 0, at: startsAt },
    ]);
  });

  it('every 5 km when that comes before 30 minutes (a slow 20 km over 4 h: every 2.5 km by time)', () => {
    const fast = weatherPlan({ ...base, routeSteps: line(20), totalDistance: 20_000, requiredTime: 60 });
    expect(fast.filter((p) => p.kind === 'CHECKPOINT').map((p) => p.distance)).toEqual([5000, 10_000, 15_000, 20_000]);
    expect(fast.map((p) => minutesAfterStart(p.at))).toEqual([0, 15, 30, 45, 60]);

    const slow = weatherPlan({ ...base, routeSteps: line(20), totalDistance: 20_000 });
    const checkpoints = slow.filter((p) => p.kind === 'CHECKPOINT');
    expect(checkpoints).toHaveLength(8);
    expect(checkpoints.map((p) => minutesAfterStart(p.at))).toEqual([30, 60, 90, 120, 150, 180, 210, 240]);
  });

  it('places checkpoints along the line (scaled to the measured distance) and ends at the finish', () => {
    const plan = weatherPlan({ ...base, routeSteps: line(10), totalDistance: 12_000, requiredTime: 60 });
    const last = plan.at(-1)!;
    expect(last).toMatchObject({ kind: 'CHECKPOINT', distance: 12_000 });
    expect(last.latitude).toBeCloseTo(45.09, 6);
    expect(plan.filter((p) => p.kind === 'CHECKPOINT').map((p) => p.distance)).toEqual([5000, 10_000, 12_000]);
    const first = plan.find((p) => p.distance === 5000);
    expect(first?.latitude).toBeCloseTo(45 + (0.09 * 5) / 12, 6);
    expect(minutesAfterStart(last.at)).toBe(60);
  });

  it('never more than the maximum of checkpoints', () => {
    const plan = weatherPlan({ ...base, routeSteps: line(200), totalDistance: 200_000, requiredTime: 600 });
    expect(plan.filter((p) => p.kind === 'CHECKPOINT').length).toBeLessThanOrEqual(MAX_CHECKPOINTS + 1);
  });

  it('adds the highest point, at the time the group gets there, with its elevation', () => {
    const plan = weatherPlan({
      ...base,
      routeSteps: line(10),
      totalDistance: 10_000,
      requiredTime: 120,
      elevationProfile: [
        [0, 400],
        [4000, 1250],
        [10_000, 600],
      ],
    });
    const top = plan.find((p) => p.kind === 'HIGHEST');
    expect(top).toMatchObject({ distance: 4000, elevation: 1250 });
    expect(minutesAfterStart(top!.at)).toBe(48);
    expect(plan[0]!.elevation).toBe(400);
  });
});
