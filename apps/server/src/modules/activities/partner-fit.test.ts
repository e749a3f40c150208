import { type IntensityKind, partnerFit } from '@cordata/geo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activities, userSports } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KINDS: IntensityKind[] = ['DISTANCE', 'ELEVATION', 'TIME', 'PACE'];

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the "fits me" filter of nearby-activities (issue 24)', () => {
  it('returns an activity exactly when partnerFit says its route is WITHIN the level declared for its sport', async () => {
    const me = await newUser(t, { sports: [{ sportId: 'running', kind: 'DISTANCE', value: 10_000 }] });
    const host = await newUser(t);
    const running = await newActivity(t, host, { name: 'Run' });
    const hiking = await newActivity(t, host, { name: 'Hike', sportId: 'hiking' });
    const near = { latitude: 45.4642, longitude: 9.19, radiusKm: 10, fitsMe: true };
    const next = random(17);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;

    for (let trial = 0; trial < 80; trial++) {
      const route = {
        totalDistance: pick([0, 1, 5_000, 9_999, 10_000, 10_001, 12_500, 40_000]) * (0.5 + next()),
        totalElevationGain: pick([0, 300, 1_000, 1_250, 2_000]),
        requiredTime: pick([null, 0, 30, 60, 90, 180, 600]),
      };
      const intensity = {
        kind: pick(KINDS),
        value: Math.round(pick([60, 300, 360, 420, 1_000, 10_000]) * (0.5 + next())),
      };
      await t.db.update(activities).set(route).where(eq(activities.id, running.activityId));
      await t.db
        .update(userSports)
        .set({ intensityKind: intensity.kind, intensityValue: intensity.value })
        .where(eq(userSports.userId, me.id));
      const { activities: found } = await t.ok('activity/nearby-activities', near, me.token);
      const want = partnerFit(route, intensity).level === 'WITHIN';
      expect(
        found.map((a) => a.activityId),
        `trial ${trial}: ${JSON.stringify({ route, intensity })}`,
      ).toEqual(want ? [running.activityId] : []);
    }
    // The hike (a sport the person did not declare) never fitted; without the filter both are there.
    const all = await t.ok('activity/nearby-activities', { ...near, fitsMe: false }, me.token);
    expect(all.activities.map((a) => a.activityId).sort()).toEqual([running.activityId, hiking.activityId].sort());
  });

  it("falls back to the level of the person's pace groups when they declared none for the sport (issue 40)", async () => {
    const rider = await newUser(t, { sports: [] });
    const admin = await newUser(t);
    const host = await newUser(t);
    const near = { latitude: 45.4642, longitude: 9.19, radiusKm: 10, fitsMe: true };
    const short = await newActivity(t, host, { name: 'Short run', sportId: 'trail-running' });
    const long = await newActivity(t, host, { name: 'Long run', sportId: 'trail-running' });
    await t.db.update(activities).set({ totalDistance: 8_000 }).where(eq(activities.id, short.activityId));
    await t.db.update(activities).set({ totalDistance: 30_000 }).where(eq(activities.id, long.activityId));
    const fitting = async () =>
      (await t.ok('activity/nearby-activities', near, rider.token)).activities.map((a) => a.activityId).sort();
    expect(await fitting()).toEqual([]);

    const { group } = await t.ok('group/create-new', { name: 'Trail club', type: 'OPEN' }, admin.token);
    const pace = (name: string, value: number) =>
      t.ok(
        'group/create-subgroup',
        { groupId: group.groupId, name, sportId: 'trail-running', level: { kind: 'DISTANCE', value } },
        admin.token,
      );
    const [easy, hard] = [(await pace('Easy', 10_000)).subgroup, (await pace('Hard', 40_000)).subgroup];
    await t.ok('group/participate', { groupId: group.groupId }, rider.token);
    await t.ok('group/pick-subgroups', { groupId: group.groupId, subgroupIds: [easy.subgroupId] }, rider.token);
    expect(await fitting()).toEqual([short.activityId]);
    // In two pace groups, a route within either fits.
    const both = [easy.subgroupId, hard.subgroupId];
    await t.ok('group/pick-subgroups', { groupId: group.groupId, subgroupIds: both }, rider.token);
    expect(await fitting()).toEqual([short.activityId, long.activityId].sort());
    // The app learns the same levels with the person's own profile, for the fit it shows on cards and pages.
    const { user } = await t.ok('user/own-profile', undefined, rider.token);
    expect(user.paceGroupLevels).toEqual([
      { sportId: 'trail-running', intensity: { kind: 'DISTANCE', value: 10_000 }, subgroupName: 'Easy' },
      { sportId: 'trail-running', intensity: { kind: 'DISTANCE', value: 40_000 }, subgroupName: 'Hard' },
    ]);

    // A level of their own wins over the pace groups'; out of the group, theirs no longer counts.
    await t.db
      .insert(userSports)
      .values({ userId: rider.id, sportId: 'trail-running', intensityKind: 'DISTANCE', intensityValue: 5_000 });
    expect(await fitting()).toEqual([]);
    await t.db.delete(userSports).where(eq(userSports.userId, rider.id));
    await t.ok('group/exit', { groupId: group.groupId }, rider.token);
    expect(await fitting()).toEqual([]);
  });
});
