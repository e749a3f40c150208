import type { ActivityInput } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const near = { latitude: 45.4642, longitude: 9.19, radiusKm: 10 };

describe('standard grades (issue 24)', () => {
  it('keeps the declared grades and hazards and answers them in order, on the page and in lists', async () => {
    const host = await newUser(t);
    const hike = await newActivity(t, host, {
      name: 'Graded hike',
      sportId: 'hiking',
      grades: [{ scale: 'SAC', grade: 'T3' }],
      hazards: ['FERRY', 'EXPOSURE'],
    });
    expect(hike.grades).toEqual([{ scale: 'SAC', grade: 'T3' }]);
    expect(hike.hazards).toEqual(['EXPOSURE', 'FERRY']);
    const { activities } = await t.ok('activity/nearby-activities', near, host.token);
    expect(activities.find((a) => a.activityId === hike.activityId)).toMatchObject({
      grades: [{ scale: 'SAC', grade: 'T3' }],
      hazards: ['EXPOSURE', 'FERRY'],
    });
    const ungraded = await newActivity(t, host);
    expect(ungraded).toMatchObject({ grades: [], hazards: [] });
  });

  it.each<[string, Partial<ActivityInput>]>([
    ['a scale of another sport', { sportId: 'hiking', grades: [{ scale: 'STS', grade: 'S2' }] }],
    ['stairs on a hike', { sportId: 'hiking', hazards: ['STAIRS'] }],
    ['unpaved on a mountain bike', { sportId: 'mountain-biking', hazards: ['UNPAVED'] }],
    ['any grade on a kayak', { sportId: 'kayaking', grades: [{ scale: 'SAC', grade: 'T1' }] }],
  ])('refuses %s with 400 GRADE_NOT_FOR_SPORT', async (_, overrides) => {
    const host = await newUser(t);
    const res = await t.call(
      'activity/create-new',
      {
        name: 'Wrong grade',
        sportId: 'hiking',
        date: '2099-01-01',
        startTime: '09:00',
        endTime: '10:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.4642, longitude: 9.19 },
          destination: { latitude: 45.4728, longitude: 9.1797 },
          routeSteps: [],
        },
        ...overrides,
      },
      host.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'GRADE_NOT_FOR_SPORT' });
  });

  it('refuses a grade its scale does not have with VALIDATION_ERROR', async () => {
    const host = await newUser(t);
    const res = await t.call(
      'activity/nearby-activities',
      { ...near, maxGrade: { scale: 'SAC', grade: 'T9' } },
      host.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('filters nearby by maximum grade on one scale; ungraded activities are never guessed in', async () => {
    const host = await newUser(t);
    const viewer = await newUser(t);
    const spot = { latitude: 44.1, longitude: 10.1 };
    const route = {
      mode: 'POINTS' as const,
      start: spot,
      destination: { latitude: 44.11, longitude: 10.11 },
      routeSteps: [],
    };
    const at = { latitude: spot.latitude, longitude: spot.longitude, radiusKm: 5 };
    const t2 = await newActivity(t, host, { sportId: 'hiking', route, grades: [{ scale: 'SAC', grade: 'T2' }] });
    const t4 = await newActivity(t, host, { sportId: 'hiking', route, grades: [{ scale: 'SAC', grade: 'T4' }] });
    await newActivity(t, host, { sportId: 'hiking', route });
    const mtb = await newActivity(t, host, {
      sportId: 'mountain-biking',
      route,
      grades: [{ scale: 'STS', grade: 'S1' }],
    });
    const ids = async (grade: { scale: 'SAC' | 'STS'; grade: string }) =>
      (await t.ok('activity/nearby-activities', { ...at, maxGrade: grade }, viewer.token)).activities
        .map((a) => a.activityId)
        .sort();
    expect(await ids({ scale: 'SAC', grade: 'T1' })).toEqual([]);
    expect(await ids({ scale: 'SAC', grade: 'T2' })).toEqual([t2.activityId]);
    expect(await ids({ scale: 'SAC', grade: 'T3' })).toEqual([t2.activityId]);
    expect(await ids({ scale: 'SAC', grade: 'T4' })).toEqual([t2.activityId, t4.activityId].sort());
    expect(await ids({ scale: 'SAC', grade: 'T6' })).toEqual([t2.activityId, t4.activityId].sort());
    expect(await ids({ scale: 'STS', grade: 'S5' })).toEqual([mtb.activityId]);
    expect(await ids({ scale: 'STS', grade: 'S0' })).toEqual([]);
    const all = await t.ok('activity/nearby-activities', at, viewer.token);
    expect(all.activities).toHaveLength(4);
  });

  it('keeps grades an update leaves out, drops those a new sport does not take, and replaces those sent', async () => {
    const host = await newUser(t);
    const hike = await newActivity(t, host, {
      sportId: 'hiking',
      grades: [{ scale: 'SAC', grade: 'T5' }],
      hazards: ['EXPOSURE'],
    });
    const base = {
      activityId: hike.activityId,
      name: hike.name,
      sportId: 'hiking',
      date: hike.date,
      startTime: hike.startTime,
      endTime: hike.endTime,
      access: hike.access,
      visibility: hike.visibility,
      difficulty: hike.difficulty,
    };
    const kept = await t.ok('activity/update-existing', base, host.token);
    expect(kept.activity).toMatchObject({ grades: [{ scale: 'SAC', grade: 'T5' }], hazards: ['EXPOSURE'] });
    const changed = await t.ok(
      'activity/update-existing',
      { ...base, grades: [], hazards: ['ACCESS_RESTRICTED'] },
      host.token,
    );
    expect(changed.activity).toMatchObject({ grades: [], hazards: ['ACCESS_RESTRICTED'] });
    await t.ok('activity/update-existing', { ...base, grades: [{ scale: 'SAC', grade: 'T2' }] }, host.token);
    const moved = await t.ok('activity/update-existing', { ...base, sportId: 'kayaking' }, host.token);
    expect(moved.activity).toMatchObject({ grades: [], hazards: ['ACCESS_RESTRICTED'] });
    const other = await newUser(t);
    const res = await t.call('activity/update-existing', { ...base, grades: [] }, other.token);
    expect(res.status).toBe(403);
  });
});
