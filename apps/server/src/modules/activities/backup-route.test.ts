import { ROUTE_FILES_QUOTA_BYTES } from '@cordata/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityRoutes } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GPX = `<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Valley path</name><trkseg>
    <trkpt lat="45.4600" lon="9.1900"><ele>120</ele></trkpt>
    <trkpt lat="45.4700" lon="9.2000"><ele>180</ele></trkpt>
    <trkpt lat="45.4800" lon="9.2100"><ele>150</ele></trkpt>
  </trkseg></trk>
</gpx>`;

const drawn = {
  mode: 'POINTS' as const,
  start: { latitude: 45.45, longitude: 9.17, address: 'Darsena, Milano' },
  destination: { latitude: 45.44, longitude: 9.16 },
  routeSteps: [{ latitude: 45.445, longitude: 9.165 }],
};

describe('the backup route', () => {
  it('is set by an admin, drawn or from a file, answered beside the route, and removed with null', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const id = activity.activityId;
    expect(activity.backupRoute).toBeNull();

    const { activity: withDrawn } = await t.ok(
      'activity/backup-route',
      { activityId: id, route: drawn },
      organiser.token,
    );
    expect(withDrawn.backupRoute?.route).toMatchObject({
      mode: 'POINTS',
      start: { latitude: 45.45, longitude: 9.17 },
      destination: { latitude: 45.44, longitude: 9.16 },
    });
    expect(withDrawn.backupRoute?.route.routeSteps).toHaveLength(3);
    expect(withDrawn.backupRoute!.totalDistance).toBeGreaterThan(1000);
    // The route itself is untouched.
    expect(withDrawn.route).toEqual(activity.route);
    expect(withDrawn.totalDistance).toBe(activity.totalDistance);

    const { activity: withFile } = await t.ok(
      'activity/backup-route',
      { activityId: id, route: { mode: 'GPX', gpx: GPX } },
      organiser.token,
    );
    expect(withFile.backupRoute).toMatchObject({
      route: { mode: 'GPX', start: { latitude: 45.46, longitude: 9.19 } },
      totalElevationGain: 60,
      estimatedMovingTime: { includesClimb: true },
    });
    const [files] = await t.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, id));
    expect(files?.backupGpx).toBe(GPX);
    expect(files?.gpx).toBeNull();

    // Every reader sees it, through the same answer as the route.
    const reader = await newUser(t);
    const { activity: read } = await t.ok('activity/read-info', { activityId: id }, reader.token);
    expect(read.backupRoute).toEqual(withFile.backupRoute);

    const { activity: removed } = await t.ok('activity/backup-route', { activityId: id, route: null }, organiser.token);
    expect(removed.backupRoute).toBeNull();
    const [after] = await t.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, id));
    expect(after).toMatchObject({ backupRoute: null, backupGpx: null });
  });

  it('only admins set it; strangers do not learn a private activity exists', async () => {
    const organiser = await newUser(t);
    const id = (await newActivity(t, organiser)).activityId;
    const ann = await newUser(t);
    await t.ok('activity/participate', { activityId: id }, ann.token);
    const refused = await t.call('activity/backup-route', { activityId: id, route: drawn }, ann.token);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const secret = await newActivity(t, organiser, { visibility: 'PRIVATE', access: 'CLOSED' });
    const hidden = await t.call('activity/backup-route', { activityId: secret.activityId, route: drawn }, ann.token);
    expect([hidden.status, hidden.body.error?.code]).toEqual([404, 'ACTIVITY_NOT_FOUND']);
    const bad = await t.call(
      'activity/backup-route',
      { activityId: id, route: { mode: 'GPX', gpx: 'nope' } },
      organiser.token,
    );
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'GPX_INVALID']);
    expect((await t.ok('activity/read-info', { activityId: id }, organiser.token)).activity.backupRoute).toBeNull();
  });

  it('counts its file in the creator’s quota, beside the route files', async () => {
    const owner = await newUser(t);
    const activity = await newActivity(t, owner);
    const other = await newActivity(t, owner);
    await t.db
      .insert(activityRoutes)
      .values({ activityId: other.activityId, backupGpx: sql`repeat('x', ${ROUTE_FILES_QUOTA_BYTES - 100})` });
    const full = await t.call(
      'activity/backup-route',
      { activityId: activity.activityId, route: { mode: 'GPX', gpx: GPX } },
      owner.token,
    );
    expect([full.status, full.body.error?.code]).toEqual([409, 'ROUTE_FILES_QUOTA']);
    // Replacing the other activity's backup file counts only the new one.
    await t.ok(
      'activity/backup-route',
      { activityId: other.activityId, route: { mode: 'GPX', gpx: GPX } },
      owner.token,
    );
    await t.ok(
      'activity/backup-route',
      { activityId: activity.activityId, route: { mode: 'GPX', gpx: GPX } },
      owner.token,
    );
  });
});
