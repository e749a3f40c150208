import { groupMovingTime } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the activity's group moving time (issue 24)", () => {
  it('follows the slowest declared pace of the people taking part, as they join and leave', async () => {
    // Running's model is 6:00 per km on the flat: the host runs at it, the newcomer at 7:00.
    const host = await newUser(t, { sports: [{ sportId: 'running', kind: 'PACE', value: 360 }] });
    const slow = await newUser(t, { sports: [{ sportId: 'running', kind: 'PACE', value: 420 }] });
    const hiker = await newUser(t, { sports: [{ sportId: 'hiking', kind: 'DISTANCE', value: 100 }] });
    const run = await newActivity(t, host, {
      name: 'Navigli',
      sportId: 'running',
      // About 10 km north from the Duomo.
      route: {
        mode: 'POINTS',
        start: { latitude: 45.4642, longitude: 9.19 },
        destination: { latitude: 45.5542, longitude: 9.19 },
        routeSteps: [],
      },
    });
    const read = async () => (await t.ok('activity/read-info', { activityId: run.activityId }, host.token)).activity;

    const alone = await read();
    // No elevation service in tests: the climb is unknown and the estimate counts the distance alone.
    const effort = { distance: alone.totalDistance, gain: null, loss: null };
    // No outing of the sport has a real time yet: nothing calibrates it (docs/recordings.md).
    const uncalibrated = (levels: Parameters<typeof groupMovingTime>[2]) => {
      const model = groupMovingTime('running', effort, levels)!;
      return { ...model, modelMinutes: model.minutes, calibration: null };
    };
    expect(alone.groupMovingTime).toEqual(uncalibrated([{ kind: 'PACE', value: 360 }]));
    expect(alone.groupMovingTime).toMatchObject({ includesClimb: false, limitedBy: null, limitingCount: 0 });

    await t.ok('activity/participate', { activityId: run.activityId }, slow.token);
    // Someone with no level for running changes nothing.
    await t.ok('activity/participate', { activityId: run.activityId }, hiker.token);
    const slower = await read();
    expect(slower.groupMovingTime).toEqual(
      uncalibrated([
        { kind: 'PACE', value: 360 },
        { kind: 'PACE', value: 420 },
      ]),
    );
    expect(slower.groupMovingTime).toMatchObject({ limitedBy: 'PACE', limitingCount: 1 });
    expect(slower.groupMovingTime!.minutes).toBeGreaterThan(alone.groupMovingTime!.minutes);

    await t.ok('activity/exit', { activityId: run.activityId }, slow.token);
    expect((await read()).groupMovingTime).toEqual(alone.groupMovingTime);
  });

  it('is null for a sport without a time model', async () => {
    const host = await newUser(t, { sports: [{ sportId: 'climbing', kind: 'TIME', value: 120 }] });
    const crag = await newActivity(t, host, { name: 'Crag', sportId: 'climbing' });
    expect(
      (await t.ok('activity/read-info', { activityId: crag.activityId }, host.token)).activity.groupMovingTime,
    ).toBeNull();
  });
});
