import { SNAP_MAX_POINTS } from '@cordata/contract';
import { pointsRouteDistance } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { type StandInRouter, standInPath, startStandInRouter } from '../../../test/stand-in-router.ts';

const A = { latitude: 45.81, longitude: 9.08 };
const B = { latitude: 45.83, longitude: 9.11 };
const C = { latitude: 45.85, longitude: 9.1 };

let standIn: StandInRouter;
let t: TestApp;
let token: string;
beforeAll(async () => {
  standIn = await startStandInRouter();
  t = await createTestApp({ ROUTER_KIND: 'valhalla', ROUTER_URL: standIn.url, ROUTER_TIMEOUT_MS: '1000' });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('route/snap-legs', () => {
  it('answers each leg snapped through the configured engine, with its attribution', async () => {
    const res = await t.ok('route/snap-legs', { sportId: 'hiking', points: [A, B, C] }, token);
    expect(res).toMatchObject({ engine: 'valhalla', profile: 'HIKING' });
    expect(res.attribution).toBe('Valhalla, © OpenStreetMap contributors');
    expect(res.legs).toEqual([
      { line: standInPath(A, B), straightReason: null },
      { line: standInPath(B, C), straightReason: null },
    ]);
  });

  it('needs a signed-in person', async () => {
    const res = await t.call('route/snap-legs', { sportId: 'hiking', points: [A, B] });
    expect(res.status).toBe(401);
  });

  it('refuses too many points, too few, and coordinates off the globe, before asking the engine', async () => {
    const before = standIn.seen.length;
    const many = Array.from({ length: SNAP_MAX_POINTS + 1 }, (_, i) => ({ latitude: 45 + i / 100, longitude: 9 }));
    for (const points of [many, [A], [A, { latitude: 91, longitude: 9 }], [A, { latitude: 45, longitude: -181 }]]) {
      const res = await t.call('route/snap-legs', { sportId: 'hiking', points }, token);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
    }
    expect(standIn.seen.length).toBe(before);
  });

  it('stores the snapped line as the route, measured with the spec formula', async () => {
    const { legs } = await t.ok('route/snap-legs', { sportId: 'hiking', points: [A, B, C] }, token);
    const line = legs.flatMap((leg, i) => (i === 0 ? leg.line : leg.line.slice(1)));
    const owner = await newUser(t);
    const activity = await newActivity(t, owner, {
      sportId: 'hiking',
      route: { mode: 'POINTS', start: A, destination: C, routeSteps: line.slice(1, -1) },
    });
    expect(activity.totalDistance).toBe(pointsRouteDistance(line));
    // The bent line is longer than the straight legs the person tapped.
    expect(activity.totalDistance).toBeGreaterThan(pointsRouteDistance([A, B, C]) + 100);
    const { activity: read } = await t.ok('activity/read-info', { activityId: activity.activityId }, owner.token);
    expect(read.route.routeSteps).toEqual(line);
  });
});
