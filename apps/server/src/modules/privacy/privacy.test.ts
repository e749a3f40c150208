import { PRIVACY_ZONE_OFFSET_SHARE, PRIVACY_ZONES_MAX } from '@cordata/contract';
import { haversineMetres, parseGpx } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { offsetCentre } from './privacy.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = { latitude: 45.4642, longitude: 9.19 };

describe('offsetCentre', () => {
  it('draws the centre within the offset share of the radius, uniformly over the disc', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const distances = Array.from({ length: 2000 }, () => haversineMetres(home, offsetCentre(home, 500, random)));
    expect(Math.max(...distances)).toBeLessThanOrEqual(PRIVACY_ZONE_OFFSET_SHARE * 500 + 0.01);
    // Uniform over the disc: half the centres lie beyond 1/√2 of the largest offset.
    const beyond = distances.filter((d) => d > (PRIVACY_ZONE_OFFSET_SHARE * 500) / Math.SQRT2).length;
    expect(beyond / distances.length).toBeGreaterThan(0.45);
    expect(beyond / distances.length).toBeLessThan(0.55);
    expect(offsetCentre(home, 500, () => 0)).toEqual(home);
  });
});

describe('privacy zones of one’s own', () => {
  it('adds, lists, regenerates and deletes; the circle is offset from the chosen point, which stays inside', async () => {
    const me = await newUser(t);
    const { zone } = await t.ok('privacy/add-zone', { ...home, radiusMetres: 400, label: ' Home ' }, me.token);
    expect(zone).toMatchObject({ label: 'Home', radiusMetres: 400, chosen: home });
    const offset = haversineMetres(home, zone);
    expect(offset).toBeLessThanOrEqual(PRIVACY_ZONE_OFFSET_SHARE * 400 + 0.01);
    expect(offset).toBeGreaterThan(0);

    const regenerated = await t.ok('privacy/regenerate-zone', { zoneId: zone.zoneId }, me.token);
    expect(regenerated.zone).toMatchObject({ zoneId: zone.zoneId, chosen: home, radiusMetres: 400 });
    expect(regenerated.zone.latitude).not.toBe(zone.latitude);
    expect(haversineMetres(home, regenerated.zone)).toBeLessThanOrEqual(PRIVACY_ZONE_OFFSET_SHARE * 400 + 0.01);
    expect((await t.ok('privacy/list-zones', undefined, me.token)).zones).toEqual([regenerated.zone]);

    await t.ok('privacy/delete-zone', { zoneId: zone.zoneId }, me.token);
    expect((await t.ok('privacy/list-zones', undefined, me.token)).zones).toEqual([]);
    const again = await t.call('privacy/delete-zone', { zoneId: zone.zoneId }, me.token);
    expect(again.status).toBe(404);
    expect(again.body.error?.code).toBe('PRIVACY_ZONE_NOT_FOUND');
  });

  it('keeps at most five zones, even when they are added at once', async () => {
    const me = await newUser(t);
    const answers = await Promise.all(
      Array.from({ length: PRIVACY_ZONES_MAX + 2 }, (_, i) =>
        t.call('privacy/add-zone', { latitude: 45 + i / 100, longitude: 9, radiusMetres: 200 }, me.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PRIVACY_ZONES_MAX);
    expect(answers.filter((a) => a.body.error?.code === 'PRIVACY_ZONES_LIMIT')).toHaveLength(2);
    expect((await t.ok('privacy/list-zones', undefined, me.token)).zones).toHaveLength(PRIVACY_ZONES_MAX);
  });

  it('refuses radii outside 200–1000 m, and other people’s zones are not found', async () => {
    const [me, other] = [await newUser(t), await newUser(t)];
    for (const radiusMetres of [199, 1001]) {
      const res = await t.call('privacy/add-zone', { ...home, radiusMetres }, me.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
    }
    const { zone } = await t.ok('privacy/add-zone', { ...home, radiusMetres: 200 }, me.token);
    for (const call of ['privacy/regenerate-zone', 'privacy/delete-zone'] as const) {
      expect((await t.call(call, { zoneId: zone.zoneId }, other.token)).status).toBe(404);
    }
    expect((await t.ok('privacy/list-zones', undefined, other.token)).zones).toEqual([]);
    expect((await t.ok('privacy/list-zones', undefined, me.token)).zones).toHaveLength(1);
  });
});

/** A route leaving Piazza del Duomo northwards for about 3 km, with the organiser's zone around the start. */
async function organiserWithZone() {
  const [organiser, reader] = [await newUser(t), await newUser(t)];
  const { zone } = await t.ok('privacy/add-zone', { ...home, radiusMetres: 500, label: 'Home' }, organiser.token);
  const activity = await newActivity(t, organiser, {
    route: {
      mode: 'POINTS',
      start: { ...home, address: 'Piazza del Duomo, Milano' },
      destination: { latitude: 45.4912, longitude: 9.19 },
      routeSteps: [
        { latitude: 45.4662, longitude: 9.19 },
        { latitude: 45.4752, longitude: 9.19 },
      ],
    },
  });
  return { organiser, reader, zone, activity };
}

const outside =
  (zone: { latitude: number; longitude: number; radiusMetres: number }) =>
  (p: { latitude: number; longitude: number }) =>
    haversineMetres(p, zone) >= zone.radiusMetres;

describe('trimming for everyone but the owner', () => {
  it('read-info: the organiser sees the whole route; another person sees it start on the zone’s boundary', async () => {
    const { organiser, reader, zone, activity } = await organiserWithZone();
    const own = (await t.ok('activity/read-info', { activityId: activity.activityId }, organiser.token)).activity;
    expect(own.start).toMatchObject(home);
    expect(own.route.hiddenByPrivacy).toBe(false);
    expect(own.route.routeSteps[0]).toMatchObject(home);

    const seen = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(seen.start).toBeNull();
    expect(seen.route.start).toBeNull();
    expect(seen.route.hiddenByPrivacy).toBe(true);
    expect(seen.route.routeBreaks).toEqual([]);
    expect(seen.route.routeSteps.every(outside(zone))).toBe(true);
    expect(seen.route.waypoints.every(outside(zone))).toBe(true);
    // The line begins where it leaves the zone: on its boundary, not at the chosen point.
    expect(haversineMetres(seen.route.routeSteps[0]!, zone)).toBeLessThan(zone.radiusMetres + 5);
    expect(seen.route.destination).toMatchObject({ latitude: 45.4912 });
    // The figures stay the organiser's: the route is as long as it is.
    expect(seen.totalDistance).toBe(own.totalDistance);
  });

  it('route/export-gpx: the file another person downloads has no point inside the zone', async () => {
    const { organiser, reader, zone, activity } = await organiserWithZone();
    const own = parseGpx((await t.ok('route/export-gpx', { activityId: activity.activityId }, organiser.token)).gpx);
    expect(own.tracks[0]!.segments[0]![0]).toMatchObject(home);
    const seen = parseGpx((await t.ok('route/export-gpx', { activityId: activity.activityId }, reader.token)).gpx);
    const points = seen.tracks.flatMap((track) => track.segments.flat());
    expect(points.length).toBeGreaterThan(1);
    expect(points.every(outside(zone))).toBe(true);
  });

  it('an uploaded GPX file is trimmed too, and a route crossing a zone comes in two pieces', async () => {
    const [organiser, reader] = [await newUser(t), await newUser(t)];
    const { zone } = await t.ok('privacy/add-zone', { ...home, radiusMetres: 300 }, organiser.token);
    const trkpts = Array.from({ length: 41 }, (_, i) => 45.4462 + i * 0.001)
      .map((lat) => `<trkpt lat="${lat.toFixed(4)}" lon="9.19"><ele>${120 + Math.round(lat * 10)}</ele></trkpt>`)
      .join('');
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${trkpts}</trkseg></trk></gpx>`;
    const activity = await newActivity(t, organiser, { route: { mode: 'GPX', gpx } });
    const seen = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(seen.route.routeBreaks).toHaveLength(1);
    expect(seen.route.routeSteps.every(outside(zone))).toBe(true);
    const file = parseGpx((await t.ok('route/export-gpx', { activityId: activity.activityId }, reader.token)).gpx);
    expect(file.tracks[0]!.segments).toHaveLength(2);
    expect(file.tracks[0]!.segments.flat().every(outside(zone))).toBe(true);
    expect(file.tracks[0]!.segments[1]![0]!.elevation).not.toBeNull();
  });

  it('lists: the start inside a zone is null for others; nearby leaves such an activity out', async () => {
    const { organiser, reader, activity } = await organiserWithZone();
    await t.ok('activity/participate', { activityId: activity.activityId }, reader.token);
    const range = { startDate: new Date().toISOString(), endDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };
    const daily = await t.ok('activity/list-daily', { ...range, onlyOwn: false, page: 1, limit: 10 }, reader.token);
    expect(daily.find((a) => a.activityId === activity.activityId)!.start).toBeNull();
    const mine = await t.ok('activity/list-daily', { ...range, onlyOwn: false, page: 1, limit: 10 }, organiser.token);
    expect(mine.find((a) => a.activityId === activity.activityId)!.start).toMatchObject(home);
    const near = { latitude: home.latitude, longitude: home.longitude, radiusKm: 5 };
    const seen = await t.ok('activity/nearby-activities', near, reader.token);
    expect(seen.activities.map((a) => a.activityId)).not.toContain(activity.activityId);
    const own = await t.ok('activity/nearby-activities', near, organiser.token);
    expect(own.activities.find((a) => a.activityId === activity.activityId)?.start).toMatchObject(home);
  });

  it('a closed activity starting in a zone shows outsiders no approximate area either, and nearby leaves it out', async () => {
    const [organiser, reader] = [await newUser(t), await newUser(t)];
    await t.ok('privacy/add-zone', { ...home, radiusMetres: 300 }, organiser.token);
    const activity = await newActivity(t, organiser, {
      access: 'CLOSED',
      route: {
        mode: 'POINTS',
        start: { ...home, address: 'Piazza del Duomo, Milano' },
        destination: { latitude: 45.4912, longitude: 9.19 },
        routeSteps: [],
      },
    });
    const seen = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(seen.start).toBeNull();
    expect(seen.meetingArea).toBeNull();
    const near = { latitude: home.latitude, longitude: home.longitude, radiusKm: 5 };
    const listed = await t.ok('activity/nearby-activities', near, reader.token);
    expect(listed.activities.map((a) => a.activityId)).not.toContain(activity.activityId);
    // Without the zone, the same reader is shown the area (docs/activities.md, approximate meeting point).
    const other = await newActivity(t, reader, {
      access: 'CLOSED',
      route: {
        mode: 'POINTS',
        start: { ...home, address: 'Duomo' },
        destination: { latitude: 45.4912, longitude: 9.19 },
        routeSteps: [],
      },
    });
    const stranger = await newUser(t);
    const shown = (await t.ok('activity/read-info', { activityId: other.activityId }, stranger.token)).activity;
    expect(shown.meetingArea).toMatchObject({ radiusMetres: 500 });
  });

  it('applies to routes stored before the zone existed, and deleting the zone shows the route again', async () => {
    const [organiser, reader] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, organiser);
    const before = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(before.start).toMatchObject(home);
    const { zone } = await t.ok('privacy/add-zone', { ...home, radiusMetres: 200 }, organiser.token);
    const after = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(after.start).toBeNull();
    expect(after.route.routeSteps.every(outside(zone))).toBe(true);
    await t.ok('privacy/delete-zone', { zoneId: zone.zoneId }, organiser.token);
    const again = (await t.ok('activity/read-info', { activityId: activity.activityId }, reader.token)).activity;
    expect(again).toEqual(before);
  });
});
