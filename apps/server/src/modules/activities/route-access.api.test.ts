import type { LatLng } from '@cordata/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { type OverpassStandIn, startOverpassStandIn, waysAlong } from '../../../test/stand-in-overpass.ts';

/**
 * What to expect on the way (issue 38): asked of OpenStreetMap (a stand-in Overpass on 127.0.0.1) when a route is
 * saved, stored with the activity, answered by read-info and filtered on by nearby-activities' `stepFree`.
 */
let overpass: OverpassStandIn;
let t: TestApp;
let organiser: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  overpass = await startOverpassStandIn();
  t = await createTestApp({ OVERPASS_URL: overpass.url, OVERPASS_TIMEOUT_MS: '400' });
  organiser = await newUser(t);
});
afterAll(async () => {
  await t?.close();
  await overpass?.close();
});
beforeEach(() => {
  overpass.behaviour = 'ok';
});

/** About 1.6 km eastwards above Como, a point every 15 m. */
const line: LatLng[] = Array.from({ length: 101 }, (_, i) => ({ latitude: 45.8, longitude: 9.08 + i * 0.0002 }));
const route = {
  mode: 'POINTS' as const,
  start: line[0]!,
  destination: line.at(-1)!,
  routeSteps: line.slice(1, -1),
};
const promenade = { highway: 'footway', surface: 'asphalt', wheelchair: 'yes', incline: '4%' };
const near = { latitude: 45.8, longitude: 9.09, radiusKm: 10 };

const save = (name: string) => newActivity(t, organiser, { name, sportId: 'hiking', route });
const read = async (activityId: string) =>
  (await t.ok('activity/read-info', { activityId }, organiser.token)).activity.routeAccess;

describe('what to expect on the way', () => {
  it('stores the facts with the activity and answers them', async () => {
    overpass.ways = waysAlong(line, [
      { until: 0.7, tags: promenade },
      { until: 1, tags: { ...promenade, surface: 'fine_gravel' } },
    ]);
    const activity = await save('Lakeside');
    expect(activity.routeAccess).toMatchObject({
      stepFree: true,
      wheelchair: 'YES',
      stroller: true,
      stepsCount: 0,
      maxInclinePercent: 4,
    });
    expect(activity.routeAccess!.coverage).toBeGreaterThanOrEqual(0.99);
    expect(activity.routeAccess!.surfaces.map((s) => s.kind)).toEqual(['PAVED', 'COMPACTED']);
    expect(await read(activity.activityId)).toEqual(activity.routeAccess);
  });

  it('is not step-free with steps on the way, and unknown when too little is mapped', async () => {
    // Near the start: the stand-in answers ways within about 500 m of the points sent (the line's two ends).
    overpass.ways = waysAlong(line, [
      { until: 0.05, tags: promenade },
      { until: 0.1, tags: { highway: 'steps' } },
      { until: 1, tags: promenade },
    ]);
    expect((await save('Stairs')).routeAccess).toMatchObject({ stepFree: false, wheelchair: 'NO', stepsCount: 1 });
    overpass.ways = waysAlong(line, [{ until: 0.5, tags: promenade }]);
    expect((await save('Half mapped')).routeAccess).toMatchObject({ stepFree: null, wheelchair: null });
  });

  it('stays unknown when OpenStreetMap does not answer, and the activity is saved all the same', async () => {
    overpass.behaviour = 'gateway-timeout';
    overpass.ways = waysAlong(line, [{ until: 1, tags: promenade }]);
    expect((await save('No answer')).routeAccess).toBeNull();
  });

  it('keeps the facts when an update leaves the route out, and asks again for a new route', async () => {
    overpass.ways = waysAlong(line, [{ until: 1, tags: promenade }]);
    const saved = await newActivity(t, organiser, { name: 'Edited', sportId: 'hiking', route });
    const fields = {
      activityId: saved.activityId,
      sportId: 'hiking',
      date: saved.date,
      startTime: saved.startTime,
      endTime: saved.endTime,
      access: saved.access,
      visibility: saved.visibility,
      difficulty: saved.difficulty,
    };
    overpass.behaviour = 'gateway-timeout';
    const renamed = await t.ok('activity/update-existing', { ...fields, name: 'Edited again' }, organiser.token);
    expect(renamed.activity.routeAccess).toEqual(saved.routeAccess);
    overpass.behaviour = 'ok';
    overpass.ways = waysAlong(line, [
      { until: 0.05, tags: promenade },
      { until: 0.1, tags: { highway: 'steps' } },
      { until: 1, tags: promenade },
    ]);
    const moved = await t.ok('activity/update-existing', { ...fields, name: 'Edited', route }, organiser.token);
    expect(moved.activity.routeAccess).toMatchObject({ stepFree: false, stepsCount: 1 });
  });

  it('finds only step-free activities with stepFree', async () => {
    const viewer = await newUser(t);
    const { activities: all } = await t.ok('activity/nearby-activities', near, viewer.token);
    const { activities: stepFree } = await t.ok(
      'activity/nearby-activities',
      { ...near, stepFree: true },
      viewer.token,
    );
    expect(all.map((a) => a.name)).toEqual(expect.arrayContaining(['Lakeside', 'Stairs', 'Half mapped', 'No answer']));
    expect(stepFree.map((a) => a.name)).toEqual(['Lakeside']);
    // The cards say so: step-free only where it is known (the home badge, issue 38).
    expect(all.filter((a) => a.stepFree).map((a) => a.name)).toEqual(['Lakeside']);
  });
});

describe('without OVERPASS_URL', () => {
  it('asks nobody and leaves the facts unknown', async () => {
    const bare = await createTestApp();
    try {
      const someone = await newUser(bare);
      const asked = overpass.queries.length;
      const activity = await newActivity(bare, someone, { sportId: 'hiking', route });
      expect(activity.routeAccess).toBeNull();
      expect(overpass.queries.length).toBe(asked);
    } finally {
      await bare.close();
    }
  });
});
